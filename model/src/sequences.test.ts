import { describe, expect, it } from 'vitest';

import { ENROLLMENT_STATUSES, SEND_STATUSES } from './enums.js';
import { paths } from './paths.js';
import {
  DAY_MS,
  ENDED_ENROLLMENT_STATUSES,
  MERGE_FIELDS,
  escapeHtml,
  mergeTag,
  mergeValuesFor,
  nextDueAt,
  optOutId,
  recipientStepStatus,
  renderTemplate,
  sendLogId,
  stepDueAt,
  unknownMergeTags,
} from './sequences.js';

const ana = {
  name: '  Ana   María Pérez ',
  email: 'Ana@Acme.hn',
  companyName: 'Acme',
  jobTitle: 'Gerente',
  city: 'Tegucigalpa',
};

describe('merge fields', () => {
  it('a constant list with unique i18n-neutral keys and tokens, {{nombre}} first', () => {
    expect(MERGE_FIELDS[0]).toMatchObject({ key: 'firstName', token: 'nombre' });
    const keys = MERGE_FIELDS.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    const names = MERGE_FIELDS.flatMap((f) => [f.token, ...f.aliases]);
    expect(new Set(names).size).toBe(names.length);
    expect(MERGE_FIELDS.map((f) => f.token)).toEqual([
      'nombre',
      'nombre_completo',
      'empresa',
      'cargo',
      'email',
      'ciudad',
      'remitente',
    ]);
    expect(mergeTag('company')).toBe('{{empresa}}');
  });

  it('values of a contact and its sender', () => {
    expect(mergeValuesFor(ana, ' Luis Soto ')).toEqual({
      firstName: 'Ana',
      fullName: 'Ana María Pérez',
      company: 'Acme',
      jobTitle: 'Gerente',
      email: 'Ana@Acme.hn',
      city: 'Tegucigalpa',
      senderName: 'Luis Soto',
    });
    expect(mergeValuesFor({ name: 'Solo' }, 'X')).toMatchObject({
      firstName: 'Solo',
      company: '',
      email: '',
    });
  });

  it('renders tokens and aliases, tolerates spacing and case, leaves unknown tags', () => {
    const values = mergeValuesFor(ana, 'Luis Soto');
    expect(
      renderTemplate(
        'Hola {{nombre}}, {{ empresa }} / {{EMPRESA}} — {{first_name}} {{desconocido}} {{remitente}}',
        values,
      ),
    ).toBe('Hola Ana, Acme / Acme — Ana {{desconocido}} Luis Soto');
    expect(renderTemplate('{{cargo}}|{{ciudad}}', {})).toBe('|');
    expect(renderTemplate('{nombre} {{nombre}', values)).toBe('{nombre} {{nombre}');
    expect(unknownMergeTags('{{nombre}} {{x}} {{ x }} {{y}}')).toEqual(['{{x}}', '{{ x }}', '{{y}}']);
  });

  it('escapes values (not the template) when asked', () => {
    expect(renderTemplate('<b>{{empresa}}</b>', { company: 'A&B <x>' }, escapeHtml)).toBe(
      '<b>A&amp;B &lt;x&gt;</b>',
    );
    expect(escapeHtml(`"'`)).toBe('&quot;&#39;');
  });
});

describe('schedule', () => {
  const start = Date.UTC(2026, 0, 1, 9);
  it('step i is due at start + the delays of steps 0..i', () => {
    expect(stepDueAt(start, [0, 1, 3], 0)).toBe(start);
    expect(stepDueAt(start, [0, 1, 3], 1)).toBe(start + DAY_MS);
    expect(stepDueAt(start, [0, 1, 3], 2)).toBe(start + 4 * DAY_MS);
    expect(stepDueAt(start, [2], 0)).toBe(start + 2 * DAY_MS);
    expect(stepDueAt(start, [1], 3)).toBe(start + DAY_MS);
  });
  it('the next step never follows the previous sooner than its delay', () => {
    expect(nextDueAt(start, [0, 1], 1, start + 60_000)).toBe(start + DAY_MS + 60_000);
    // On time: the nominal due time wins.
    expect(nextDueAt(start, [0, 0, 2], 2, start)).toBe(start + 2 * DAY_MS);
    // Held back a week (paused): one delay after the previous send.
    expect(nextDueAt(start, [0, 1], 1, start + 7 * DAY_MS)).toBe(start + 8 * DAY_MS);
  });
});

describe('send log and statuses', () => {
  it('a deterministic id per (sequence, contact, step)', () => {
    expect(sendLogId('s1', 'c1', 'p1')).toBe('s1_c1_p1');
    expect(paths.sendLogEntry('o1', sendLogId('s1', 'c1', 'p1'))).toBe('organizations/o1/sendLog/s1_c1_p1');
  });
  it('statuses', () => {
    expect(SEND_STATUSES).toEqual(['pending', 'sent', 'failed', 'skipped']);
    expect(ENROLLMENT_STATUSES).toEqual([
      'active',
      'paused',
      'completed',
      'stopped',
      'unsubscribed',
      'failed',
      'replied',
    ]);
    for (const s of ENDED_ENROLLMENT_STATUSES) expect(ENROLLMENT_STATUSES).toContain(s);
  });
  it("a recipient's status per step", () => {
    const active = { status: 'active' as const, currentStep: 1 };
    expect(recipientStepStatus(active, 0, 'sent')).toBe('sent');
    expect(recipientStepStatus(active, 1, null)).toBe('pending');
    expect(recipientStepStatus(active, 1, 'pending')).toBe('pending');
    const unsub = { status: 'unsubscribed' as const, currentStep: 1 };
    expect(recipientStepStatus(unsub, 1, 'skipped')).toBe('skipped');
    expect(recipientStepStatus(unsub, 2, undefined)).toBe('skipped');
    expect(recipientStepStatus({ status: 'failed', currentStep: 0 }, 0, 'failed')).toBe('failed');
    expect(recipientStepStatus({ status: 'paused', currentStep: 0 }, 0, null)).toBe('pending');
  });
});

describe('opt-outs', () => {
  it('sha256 hex of the trimmed lower-case address', async () => {
    const id = await optOutId(' Ana@Acme.HN ');
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).toBe(await optOutId('ana@acme.hn'));
    // sha256('abc')
    expect(await optOutId('ABC')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(paths.optOut('o1', id)).toBe(`organizations/o1/optOuts/${id}`);
    expect(paths.mailQuota('u1')).toBe('mailQuotas/u1');
  });
});
