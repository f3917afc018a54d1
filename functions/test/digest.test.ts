// The daily digest against the local cloud (issue 30): the real functions (digestRunNow runs one
// digest run with a given clock), the system sender's standing grant in the local Google, and
// the local mailbox.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';

import { adminWithOrganization, db, giveLiveSubscription, projectId } from './cloud.js';
import { messagesTo } from './google.js';

const functionsOrigin = process.env.FUNCTIONS_EMULATOR_ORIGIN ?? 'http://127.0.0.1:5001';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Summary {
  candidates: number;
  notDue: number;
  alreadyDone: number;
  empty: number;
  sent: number;
  failed: number;
}

async function runAt(now: number, uid: string): Promise<Summary> {
  const response = await fetch(`${functionsOrigin}/${projectId}/us-central1/digestRunNow`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now, uid }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`digestRunNow: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as Summary;
}

/** Today at hh:mm UTC. */
function todayUtc(hours: number, minutes = 5): number {
  const at = new Date();
  at.setUTCHours(hours, minutes, 0, 0);
  return at.getTime();
}

const ts = (ms: number) => Timestamp.fromMillis(ms);

async function task(organizationId: string, uid: string, title: string, due: number, status = 'pending') {
  await db.collection(`organizations/${organizationId}/tasks`).add({
    title,
    status,
    priority: 'medium',
    dueDate: ts(due),
    assigneeIds: [uid],
    createdBy: uid,
    createdAt: ts(due - DAY),
    updatedAt: ts(due - DAY),
  });
}

async function meeting(organizationId: string, uid: string, title: string, start: number) {
  await db.collection(`organizations/${organizationId}/meetings`).add({
    title,
    status: 'scheduled',
    startTime: ts(start),
    endTime: ts(start + HOUR),
    participantIds: [uid],
    createdBy: uid,
    createdAt: ts(start - DAY),
    updatedAt: ts(start - DAY),
  });
}

/** A member who chose the digest (Tegucigalpa, 07:00 unless told) with a live organization. */
async function digestReader(profile: Record<string, unknown> = {}) {
  const admin = await adminWithOrganization('Digest Co');
  await giveLiveSubscription(admin.organizationId);
  await db.doc(`users/${admin.uid}`).update({
    emailNotifications: ['tasks', 'meetings'],
    digestHour: 7,
    timeZone: 'America/Tegucigalpa',
    ...profile,
  });
  return admin;
}

describe('the daily digest', () => {
  // 13:05 UTC is 07:05 in Tegucigalpa (UTC−6, no daylight saving).
  const now = todayUtc(13);

  it('sends overdue and due-today tasks and today’s meetings once, across overlapping runs', async () => {
    const reader = await digestReader();
    const org = reader.organizationId;
    await task(org, reader.uid, 'Llamar a Rosa (vencida)', now - DAY);
    await task(org, reader.uid, 'Enviar cotización hoy', now + 4 * HOUR);
    await task(org, reader.uid, 'Mañana no', now + DAY);
    await task(org, reader.uid, 'Ya hecha', now - HOUR, 'completed');
    await meeting(org, reader.uid, 'Demo con Copán', now + 3 * HOUR);
    await meeting(org, reader.uid, 'Reunión de mañana', now + DAY);

    const summaries = await Promise.all([
      runAt(now, reader.uid),
      runAt(now, reader.uid),
      runAt(now + 60_000, reader.uid),
    ]);
    expect(summaries.reduce((n, s) => n + s.sent, 0)).toBe(1);
    expect(summaries.reduce((n, s) => n + s.alreadyDone, 0)).toBe(2);
    // Later in the same hour, and the next day at another hour: nothing more.
    expect(await runAt(now + 30 * 60_000, reader.uid)).toMatchObject({ sent: 0, alreadyDone: 1 });

    const messages = await messagesTo(reader.email);
    expect(messages).toHaveLength(1);
    const [mail] = messages;
    expect(mail!.from[0]!.address).toBe('avisos@trato.local');
    expect(mail!.subject).toBe('Tu día en Trato: 3 pendientes');
    expect(mail!.text).toContain('Tareas vencidas');
    expect(mail!.text).toContain('Llamar a Rosa (vencida)');
    expect(mail!.text).toContain('Enviar cotización hoy');
    expect(mail!.text).toContain('Demo con Copán');
    expect(mail!.text).toContain('/ajustes');
    // Its link opens this organization (web/src/app/shell/organizations/organizationLinks.ts).
    expect(mail!.text).toContain(`/tareas?org=${org}`);
    // 24-hour clock in Spanish, in the member's zone: the meeting at 10:05.
    expect(mail!.text).toMatch(/10:05 · Demo con Copán/);
    expect(mail!.text).not.toMatch(/Mañana no|Ya hecha|Reunión de mañana/);
    const claim = await db
      .doc(`digests/${reader.uid}_${new Date(now - 6 * HOUR).toISOString().slice(0, 10)}`)
      .get();
    expect(claim.get('status')).toBe('sent');
  });

  it('waits for the member’s hour in their time zone', async () => {
    const reader = await digestReader({ timeZone: 'Europe/Madrid', digestHour: 8 });
    await task(reader.organizationId, reader.uid, 'Tarea en Madrid', now + HOUR);
    // 13:05 UTC is 14:05 in Madrid: not their hour; 07:05 UTC is 08:05 there.
    expect(await runAt(now, reader.uid)).toMatchObject({ candidates: 1, notDue: 1, sent: 0 });
    expect(await runAt(todayUtc(7), reader.uid)).toMatchObject({ sent: 1 });
    expect(await messagesTo(reader.email)).toHaveLength(1);
  });

  it('in English with a 12-hour clock', async () => {
    const reader = await digestReader({
      language: 'en',
      timeFormat: '12h',
      emailNotifications: ['meetings'],
    });
    await task(reader.organizationId, reader.uid, 'Not in this digest', now + HOUR);
    await meeting(reader.organizationId, reader.uid, 'Call with Copán', now + 3 * HOUR);
    expect(await runAt(now, reader.uid)).toMatchObject({ sent: 1 });
    const [mail] = await messagesTo(reader.email);
    expect(mail!.subject).toBe('Your day in Trato: 1 item');
    expect(mail!.text).toMatch(/10:05\s?AM · Call with Copán/);
    expect(mail!.text).not.toContain('Not in this digest');
  });

  it('skips an empty digest, an organization without a live subscription, and members who did not opt in', async () => {
    const reader = await digestReader();
    expect(await runAt(now, reader.uid)).toMatchObject({ empty: 1, sent: 0 });
    expect(await messagesTo(reader.email)).toHaveLength(0);

    const lapsed = await digestReader();
    await db
      .doc(`organizations/${lapsed.organizationId}/billing/subscription`)
      .update({ status: 'canceled' });
    await task(lapsed.organizationId, lapsed.uid, 'Organización vencida', now + HOUR);
    expect(await runAt(now, lapsed.uid)).toMatchObject({ empty: 1, sent: 0 });

    const quiet = await digestReader({ emailNotifications: [] });
    await task(quiet.organizationId, quiet.uid, 'Nadie la envía', now + HOUR);
    expect(await runAt(now, quiet.uid)).toMatchObject({ sent: 0, empty: 0, notDue: 0 });
    expect(await messagesTo(quiet.email)).toHaveLength(0);
  });
});
