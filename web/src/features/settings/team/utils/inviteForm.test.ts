import { describe, expect, it } from 'vitest';
import { canSendInvite, inviteSchema } from './inviteForm';

describe('invite form', () => {
  it('is disabled while the email is empty or sending', () => {
    expect(canSendInvite('', false)).toBe(false);
    expect(canSendInvite('   ', false)).toBe(false);
    expect(canSendInvite('a@b.co', true)).toBe(false);
    expect(canSendInvite('a@b.co', false)).toBe(true);
  });

  it('checks the email and the role', async () => {
    await expect(inviteSchema.isValid({ email: 'luis@cafe.hn', role: 'seller' })).resolves.toBe(true);
    await expect(inviteSchema.validate({ email: 'nope', role: 'seller' })).rejects.toThrow(
      'auth.validation.emailInvalid',
    );
    await expect(inviteSchema.isValid({ email: 'luis@cafe.hn', role: 'owner' })).resolves.toBe(false);
  });
});
