/**
 * Standing grants (--google-grant): the refresh token an operator's one-time consent leaves for a
 * system sender (Trato's daily digest). The real clients use it like any other, it survives a
 * reset, and it can be revoked like any grant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleServer } from '../../src/google/index.js';
import { control, failure, gmailClient, oauthClient, rawMessage, startGoogle } from './helpers.js';

const TOKEN = '1//0standing-grant-for-tests';
let server: GoogleServer;

beforeAll(async () => {
  server = await startGoogle({ grants: [{ email: 'Avisos@Trato.local', refreshToken: TOKEN }] });
});
afterAll(() => server.close());

async function sendAsSystem(subject: string) {
  const auth = oauthClient(server);
  auth.setCredentials({ refresh_token: TOKEN });
  const raw = await rawMessage({ from: 'avisos@trato.local', to: 'ana@example.com', subject, text: 'Hola' });
  return gmailClient(server, auth).users.messages.send({ userId: 'me', requestBody: { raw } });
}

describe('a standing grant', () => {
  it('sends from its address with the refresh token alone, and outlives a reset', async () => {
    expect((await sendAsSystem('Resumen 1')).data.labelIds).toEqual(['SENT']);
    expect(server.messages()[0]).toMatchObject({ account: 'avisos@trato.local', subject: 'Resumen 1' });
    server.reset();
    expect(server.messages()).toHaveLength(0);
    await sendAsSystem('Resumen 2');
    expect(server.messages()[0]).toMatchObject({ subject: 'Resumen 2' });
  });

  it('is revoked like any grant', async () => {
    await control(server, '/revoke', { email: 'avisos@trato.local' });
    const refused = await failure(sendAsSystem('Nada'));
    expect(JSON.stringify(refused)).toContain('invalid_grant');
    server.reset();
    // A reset brings it back, as the deployment's secret still holds it.
    await sendAsSystem('Otra vez');
  });
});
