import { describe, expect, it } from 'vitest';
import { onboardingSchema } from './schema';

describe('onboardingSchema', () => {
  it('asks for the name, a valid username and the company', async () => {
    await expect(
      onboardingSchema.validate({ fullName: 'Ana', username: 'ana_1', companyName: 'Café' }),
    ).resolves.toBeTruthy();
    const errors = await onboardingSchema
      .validate({ fullName: ' ', username: 'ab', companyName: '' }, { abortEarly: false })
      .catch((e: { errors: string[] }) => e.errors);
    expect(errors).toEqual([
      'auth.validation.nameRequired',
      'auth.validation.username',
      'auth.validation.companyRequired',
    ]);
  });
});
