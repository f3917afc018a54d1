import { describe, expect, it } from 'vitest';
import en from '@/i18n/en.json';
import es from '@/i18n/es.json';
import {
  notificationsUpdate,
  notificationValues,
  organizationFormSchema,
  organizationUpdate,
  profileFormSchema,
} from './schemas';

describe('settings forms', () => {
  it('the profile needs a name', async () => {
    await expect(profileFormSchema.validate({ fullName: '  ' })).rejects.toThrow(
      'auth.validation.nameRequired',
    );
    await expect(profileFormSchema.validate({ fullName: 'x'.repeat(101) })).rejects.toThrow('errors.tooLong');
    expect(es.errors.tooLong).toBeTruthy();
    expect(en.errors.tooLong).toBeTruthy();
  });

  it('the organization needs a name; country and RTN are optional and stored as null when empty', async () => {
    await expect(
      organizationFormSchema.validate({ name: '', country: '', rtn: '', marketingConsentRequired: false }),
    ).rejects.toThrow('auth.validation.companyRequired');
    expect(
      organizationUpdate({
        name: ' Café Aurora ',
        country: ' ',
        rtn: '0801-1990',
        marketingConsentRequired: true,
      }),
    ).toEqual({
      name: 'Café Aurora',
      country: null,
      rtn: '0801-1990',
      marketingConsentRequired: true,
    });
  });
});

describe('notification preferences', () => {
  it('reads the defaults: everything in the bell, no digest, at 7', () => {
    expect(notificationValues(null)).toEqual({
      tasksInApp: true,
      meetingsInApp: true,
      tasksEmail: false,
      meetingsEmail: false,
      digestHour: '7',
    });
  });

  it('stores muted and e-mailed kinds, and the device zone when opting in without one', () => {
    const values = notificationValues({
      mutedNotifications: ['meetings'],
      emailNotifications: ['tasks'],
      digestHour: 6,
    });
    expect(values).toMatchObject({ meetingsInApp: false, tasksEmail: true, digestHour: '6' });
    expect(notificationsUpdate(values, null, 'America/Tegucigalpa')).toEqual({
      mutedNotifications: ['meetings'],
      emailNotifications: ['tasks'],
      digestHour: 6,
      timeZone: 'America/Tegucigalpa',
    });
    expect(notificationsUpdate(values, 'Europe/Madrid', 'America/Tegucigalpa')).not.toHaveProperty(
      'timeZone',
    );
    expect(notificationsUpdate({ ...values, tasksEmail: false, meetingsInApp: true }, null, 'UTC')).toEqual({
      mutedNotifications: [],
      emailNotifications: [],
      digestHour: 6,
    });
  });
});
