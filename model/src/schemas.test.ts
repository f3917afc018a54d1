import { describe, expect, it } from 'vitest';

import {
  companySchema,
  contactSchema,
  dealSchema,
  meetingSchema,
  stepSchema,
  usernameSchema,
} from './schemas.js';

describe('form schemas', () => {
  it('contact: name required, e-mail checked, blanks become null', async () => {
    await expect(contactSchema.validate({ name: '' })).rejects.toThrow('errors.required');
    await expect(contactSchema.validate({ name: 'Ana', email: 'nope' })).rejects.toThrow('errors.email');
    const ok = await contactSchema.validate({ name: ' Ana ', email: '', phone: '  ' });
    expect(ok).toMatchObject({
      name: 'Ana',
      email: null,
      phone: null,
      status: 'active',
      lifecycleStage: 'lead',
    });
  });

  it('deal: amount numeric or null, probability 0-100', async () => {
    expect((await dealSchema.validate({ title: 'X', amount: '' })).amount).toBeNull();
    expect((await dealSchema.validate({ title: 'X', amount: '1500' })).amount).toBe(1500);
    await expect(dealSchema.validate({ title: 'X', probability: 101 })).rejects.toThrow('errors.max');
    await expect(dealSchema.validate({ title: '   ' })).rejects.toThrow('errors.required');
  });

  it('meeting: end after start', async () => {
    const start = new Date('2026-01-01T10:00:00Z');
    await expect(meetingSchema.validate({ title: 'M', startTime: start, endTime: start })).rejects.toThrow(
      'errors.endBeforeStart',
    );
    await expect(
      meetingSchema.validate({ title: 'M', startTime: start, endTime: new Date('2026-01-01T11:00:00Z') }),
    ).resolves.toBeTruthy();
  });

  it('company enums and step delay', async () => {
    await expect(companySchema.validate({ name: 'A', industry: 'Tecnología' })).rejects.toThrow(
      'errors.oneOf',
    );
    expect((await companySchema.validate({ name: 'A', industry: 'technology', size: '1-10' })).size).toBe(
      '1-10',
    );
    expect((await stepSchema.validate({ subject: 's', body: 'b' })).delayDays).toBe(0);
    await expect(stepSchema.validate({ subject: 's', body: 'b', delayDays: -1 })).rejects.toThrow(
      'errors.min',
    );
    await expect(usernameSchema.validate('Ab')).rejects.toThrow('errors.username');
  });
});
