import { describe, expect, it } from 'vitest';
import en from '@/i18n/en.json';
import es from '@/i18n/es.json';
import { organizationFormSchema, organizationUpdate, profileFormSchema } from './schemas';

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
    await expect(organizationFormSchema.validate({ name: '', country: '', rtn: '' })).rejects.toThrow(
      'auth.validation.companyRequired',
    );
    expect(organizationUpdate({ name: ' Café Aurora ', country: ' ', rtn: '0801-1990' })).toEqual({
      name: 'Café Aurora',
      country: null,
      rtn: '0801-1990',
    });
  });
});
