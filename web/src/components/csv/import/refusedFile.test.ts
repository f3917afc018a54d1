import { describe, expect, it } from 'vitest';
import type { RowIssue } from '../validate';
import { notImportedRefusals, refusedFileLines } from './refusedFile';

const reasons = (issues: RowIssue[]) =>
  issues.map((i) => `${i.reason}${i.value ? ` ${i.value}` : ''}`).join('; ');

describe('the refused-rows file', () => {
  it('writes each row as it was, between its number and its reasons, in row order', () => {
    const lines = refusedFileLines(
      ['Nombre', 'Correo'],
      [
        { row: 9, issues: [{ reason: 'email' }], cells: ['Ana', 'ana@'] },
        ...notImportedRefusals([4], [['Luis, hijo', 'luis@x.hn']], 'Cancelado'),
      ],
      { row: 'Fila', reason: 'Motivo' },
      reasons,
    );
    expect(lines).toEqual([
      'Fila,Nombre,Correo,Motivo',
      '4,"Luis, hijo",luis@x.hn,notImported Cancelado',
      '9,Ana,ana@,email',
    ]);
  });
});
