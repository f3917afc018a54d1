import * as yup from 'yup';
import {
  DEFAULT_DIGEST_HOUR,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type UserProfile,
  EMAIL_PATTERN,
  LANGUAGES,
  LIMITS,
  TIME_FORMATS,
  TIME_ZONE_PATTERN,
  CLOCK_TIME_PATTERN,
  MEETING_MINUTES_CHOICES,
  WEEKDAYS,
  type Language,
  type TimeFormat,
} from '@trato/model';
import { isKnownTimeZone } from '@/i18n/preferences';
import { VALIDATION, fullNameField } from '@/components/form/rules';

export interface ProfileValues {
  fullName: string;
}

export const profileFormSchema: yup.ObjectSchema<ProfileValues> = yup.object({
  fullName: fullNameField(),
});

export interface PreferencesValues {
  language: Language;
  timeZone: string;
  timeFormat: TimeFormat;
  /** Minutes, as the select holds them ('60'). */
  meetingMinutes: string;
  workStart: string;
  workEnd: string;
  workDays: number[];
}

/** Ajustes → Perfil → Preferencias (issue 30): what users/{uid} accepts (firestore.rules). */
export const preferencesFormSchema: yup.ObjectSchema<PreferencesValues> = yup.object({
  language: yup
    .mixed<Language>()
    .oneOf([...LANGUAGES], 'errors.oneOf')
    .required('errors.required'),
  timeZone: yup
    .string()
    .default('')
    .required('errors.required')
    .matches(TIME_ZONE_PATTERN, 'errors.oneOf')
    .test('known', 'errors.oneOf', (zone) => isKnownTimeZone(zone)),
  timeFormat: yup
    .mixed<TimeFormat>()
    .oneOf([...TIME_FORMATS], 'errors.oneOf')
    .required('errors.required'),
  meetingMinutes: yup
    .string()
    .default('')
    .required('errors.required')
    .oneOf(MEETING_MINUTES_CHOICES.map(String), 'errors.oneOf'),
  workStart: yup.string().default('').required('errors.required').matches(CLOCK_TIME_PATTERN, 'errors.oneOf'),
  workEnd: yup
    .string()
    .default('')
    .required('errors.required')
    .matches(CLOCK_TIME_PATTERN, 'errors.oneOf')
    .test('after-start', 'settings:preferences.endBeforeStart', function (end) {
      return !end || end > (this.parent as PreferencesValues).workStart;
    }),
  workDays: yup
    .array(
      yup
        .number()
        .required()
        .oneOf([...WEEKDAYS]),
    )
    .default([])
    .min(1, 'settings:preferences.workDaysRequired')
    .required('settings:preferences.workDaysRequired'),
});

/** What users/{uid} stores of the form (the rules' shape): minutes as a number, days in order. */
export function preferencesUpdate(values: PreferencesValues) {
  return {
    language: values.language,
    timeZone: values.timeZone,
    timeFormat: values.timeFormat,
    meetingMinutes: Number(values.meetingMinutes),
    workStart: values.workStart,
    workEnd: values.workEnd,
    workDays: [...new Set(values.workDays)].sort((a, b) => a - b),
  };
}

/** The notification preferences as the form holds them: a switch per kind and channel. */
export interface NotificationValues {
  tasksInApp: boolean;
  meetingsInApp: boolean;
  tasksEmail: boolean;
  meetingsEmail: boolean;
  /** '0'–'23'. */
  digestHour: string;
}

export function notificationValues(
  profile: Pick<UserProfile, 'mutedNotifications' | 'emailNotifications' | 'digestHour'> | null,
): NotificationValues {
  const muted = profile?.mutedNotifications ?? [];
  const email = profile?.emailNotifications ?? [];
  return {
    tasksInApp: !muted.includes('tasks'),
    meetingsInApp: !muted.includes('meetings'),
    tasksEmail: email.includes('tasks'),
    meetingsEmail: email.includes('meetings'),
    digestHour: String(profile?.digestHour ?? DEFAULT_DIGEST_HOUR),
  };
}

/**
 * What users/{uid} stores: the kinds out of the bell, the kinds in the digest and its hour. The
 * digest runs in the profile's time zone, so opting in without one saves this device's.
 */
export function notificationsUpdate(
  values: NotificationValues,
  savedTimeZone: string | null | undefined,
  deviceZone: string,
): Pick<UserProfile, 'mutedNotifications' | 'emailNotifications' | 'digestHour'> & { timeZone?: string } {
  const kinds = (on: Record<NotificationKind, boolean>) => NOTIFICATION_KINDS.filter((kind) => on[kind]);
  const emailNotifications = kinds({ tasks: values.tasksEmail, meetings: values.meetingsEmail });
  return {
    mutedNotifications: kinds({ tasks: !values.tasksInApp, meetings: !values.meetingsInApp }),
    emailNotifications,
    digestHour: Number(values.digestHour),
    ...(emailNotifications.length > 0 && !savedTimeZone && { timeZone: deviceZone }),
  };
}

export interface OrganizationValues {
  name: string;
  country: string;
  rtn: string;
  /** 'Enviar marketing solo a contactos con consentimiento' (issue 31). */
  marketingConsentRequired: boolean;
}

export const organizationFormSchema: yup.ObjectSchema<OrganizationValues> = yup.object({
  name: yup
    .string()
    .trim()
    .default('')
    .required(VALIDATION.companyRequired)
    .max(LIMITS.orgName, 'errors.tooLong'),
  country: yup.string().trim().default('').max(LIMITS.country, 'errors.tooLong'),
  rtn: yup.string().trim().default('').max(LIMITS.rtn, 'errors.tooLong'),
  marketingConsentRequired: yup.boolean().default(false),
});

/** What organizations/{orgId} stores: trimmed, empty optional texts as null (the rules' shape). */
export function organizationUpdate(values: OrganizationValues): {
  name: string;
  country: string | null;
  rtn: string | null;
  marketingConsentRequired: boolean;
} {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    name: values.name.trim(),
    country: orNull(values.country),
    rtn: orNull(values.rtn),
    marketingConsentRequired: values.marketingConsentRequired,
  };
}

export interface TestEmailValues {
  to: string;
}

/** The test e-mail's recipient: the spec's simple address pattern, else 'Email inválido'. */
export const testEmailSchema: yup.ObjectSchema<TestEmailValues> = yup.object({
  to: yup
    .string()
    .trim()
    .default('')
    .required(VALIDATION.emailInvalid)
    .max(LIMITS.email, 'errors.tooLong')
    .matches(EMAIL_PATTERN, VALIDATION.emailInvalid),
});
