import type { TFunction } from 'i18next';
import {
  ACTIONS,
  COMPANY_SIZES,
  CONSENT_STATUSES,
  CONTACT_STATUSES,
  DEAL_STAGES,
  ENROLLMENT_STATUSES,
  INDUSTRIES,
  LIFECYCLE_STAGES,
  MAIL_CONNECTION_STATUSES,
  MEETING_STATUSES,
  RESOURCES,
  ROLES,
  SEND_STATUSES,
  SEQUENCE_STEP_TYPES,
  SUBSCRIPTION_STATUSES,
  TASK_STATUSES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '@trato/model';

/** Every enumeration of the model whose values the UI shows, by its name under `enums` in the catalogues. */
export const ENUMS = {
  role: ROLES,
  resource: RESOURCES,
  action: ACTIONS,
  dealStage: DEAL_STAGES,
  taskStatus: TASK_STATUSES,
  meetingStatus: MEETING_STATUSES,
  contactStatus: CONTACT_STATUSES,
  lifecycleStage: LIFECYCLE_STAGES,
  ticketStatus: TICKET_STATUSES,
  ticketPriority: TICKET_PRIORITIES,
  industry: INDUSTRIES,
  companySize: COMPANY_SIZES,
  subscriptionStatus: SUBSCRIPTION_STATUSES,
  sequenceStepType: SEQUENCE_STEP_TYPES,
  enrollmentStatus: ENROLLMENT_STATUSES,
  sendStatus: SEND_STATUSES,
  mailConnectionStatus: MAIL_CONNECTION_STATUSES,
  consentStatus: CONSENT_STATUSES,
} as const;

export type EnumName = keyof typeof ENUMS;
export type EnumValue<N extends EnumName> = (typeof ENUMS)[N][number];

/** The label of a stored enum value in the current language ('won' → 'Ganado'). */
export function enumLabel<N extends EnumName>(t: TFunction, name: N, value: EnumValue<N>): string {
  return t(`enums.${name}.${value}` as never);
}

/** The options of a select: every value with its label, in the model's order. */
export function enumOptions<N extends EnumName>(
  t: TFunction,
  name: N,
): { value: EnumValue<N>; label: string }[] {
  return (ENUMS[name] as readonly EnumValue<N>[]).map((value) => ({
    value,
    label: enumLabel(t, name, value),
  }));
}
