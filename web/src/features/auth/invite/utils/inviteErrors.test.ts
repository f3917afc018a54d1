import { describe, expect, it } from 'vitest';
import auth from '@/i18n/locales/es/auth.json';
import { acceptSchema, inviteFailure } from './inviteErrors';

describe('inviteFailure', () => {
  it('missing and used invitations say "Invitación inválida o expirada" and leave', () => {
    expect(inviteFailure('not-found', 'invalid')).toMatchObject({
      title: 'auth:invite.errors.invalid',
      leave: true,
    });
    expect(inviteFailure('failed-precondition', 'used')).toMatchObject({
      title: 'auth:invite.errors.invalid',
      leave: true,
    });
    expect(inviteFailure('not-found', null)).toMatchObject({ leave: true });
    expect(auth.invite.errors.invalid).toBe('Invitación inválida o expirada');
  });

  it('expired ones say "Esta invitación ha expirado"', () => {
    expect(inviteFailure('failed-precondition', 'expired')).toMatchObject({
      title: 'auth:invite.errors.expired',
      leave: true,
    });
    expect(auth.invite.errors.expired).toBe('Esta invitación ha expirado');
  });

  it('a taken username marks the field and stays', () => {
    expect(inviteFailure('already-exists', 'username-taken')).toEqual({
      title: 'auth:toasts.error',
      key: 'auth:onboarding.usernameTaken',
      leave: false,
      field: 'username',
    });
  });

  it('anything else is unexpected', () => {
    expect(inviteFailure('internal', null)).toBeNull();
  });
});

describe('acceptSchema', () => {
  it('requires full name, a 3-20 username and a password', async () => {
    const errors = await acceptSchema
      .validate({ fullName: '', username: 'AB', password: '' }, { abortEarly: false })
      .catch((e: { errors: string[] }) => e.errors);
    expect(errors).toEqual(
      expect.arrayContaining([
        'auth.validation.nameRequired',
        'auth.validation.username',
        'auth.validation.passwordRequired',
      ]),
    );
    await expect(
      acceptSchema.isValid({ fullName: 'Luis', username: 'luis_v', password: 'secreto123' }),
    ).resolves.toBe(true);
  });
});
