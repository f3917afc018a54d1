// Runs against the local cloud started by scripts/test.mjs (Auth + Functions from firebase-tools,
// Firestore from emulator/): calls the callable over HTTP exactly as the web SDK does.
import { describe, expect, it } from 'vitest';

import { db } from './cloud.js';

const functionsHost = process.env.FUNCTIONS_EMULATOR_ORIGIN ?? 'http://127.0.0.1:5001';
const url = `${functionsHost}/demo-trato/us-central1/health`;

describe('health callable', () => {
  it('reads Firestore through the admin SDK', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: {} }),
    });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as {
      result: { ok: boolean; uid: null; firestoreTime: string };
    };
    expect(result.ok).toBe(true);
    expect(result.uid).toBeNull();
    expect(Math.abs(Date.parse(result.firestoreTime) - Date.now())).toBeLessThan(60_000);
  });

  it('sees the caller uid from an ID token', async () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'u1', user_id: 'u1', aud: 'demo-trato' })).toString(
      'base64url',
    );
    const token = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: {} }),
    });
    const { result } = (await response.json()) as { result: { uid: string } };
    expect(result.uid).toBe('u1');
  });

  it('writes nothing: anyone may call it, so it must not create documents or cost writes', async () => {
    const ping = db.doc('_health/ping');
    await ping.delete();
    for (let i = 0; i < 3; i++) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: {} }),
      });
      expect(response.status).toBe(200);
    }
    expect((await ping.get()).exists).toBe(false);
    expect((await db.collection('_health').limit(1).get()).empty).toBe(true);
  });
});
