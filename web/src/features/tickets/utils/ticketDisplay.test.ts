import { describe, expect, it } from 'vitest';
import type { TimestampLike } from '@trato/model';
import { ownerName, ticketAge } from './ticketDisplay';

const labels = { none: 'Sin asignar', unknown: 'Miembro desconocido' };
const members = [
  { id: 'u1', fullName: 'Ana López' },
  { id: 'u2', fullName: 'Carlos Méndez' },
];
const at = (millis: number): TimestampLike => ({
  seconds: Math.floor(millis / 1000),
  nanoseconds: 0,
  toMillis: () => millis,
  toDate: () => new Date(millis),
});

describe('ticket display', () => {
  it("names the owner, says when there is none or they left, waits for the members' names", () => {
    expect(ownerName('u2', members, labels)).toBe('Carlos Méndez');
    expect(ownerName(null, members, labels)).toBe('Sin asignar');
    expect(ownerName(null, null, labels)).toBe('Sin asignar');
    expect(ownerName('gone', members, labels)).toBe('Miembro desconocido');
    expect(ownerName('u1', null, labels)).toBeNull();
  });

  it('tells the age relative to now in the language, a pending creation as now', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(ticketAge(at(now - 3 * 86_400_000), now, 'es')).toBe('hace 3 días');
    expect(ticketAge(at(now - 3 * 86_400_000), now, 'en')).toBe('3 days ago');
    expect(ticketAge(at(now - 2 * 3_600_000), now, 'es')).toBe('hace 2 horas');
    expect(ticketAge(null, now, 'es')).toBe('ahora');
    expect(ticketAge(undefined, now, 'en')).toBe('now');
  });
});
