import { describe, expect, it } from 'vitest';
import { documentSchemas } from '@trato/model';
import { EMPTY_STEP, stepFormSchema, stepRecord, type StepValues } from './stepForm';

const valid = (values: Partial<StepValues>) => stepFormSchema.isValidSync({ ...EMPTY_STEP, ...values });
const errors = (values: Partial<StepValues>) => {
  try {
    stepFormSchema.validateSync({ ...EMPTY_STEP, ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    return Object.fromEntries(
      (error as { inner: { path: string; message: string }[] }).inner.map((e) => [e.path, e.message]),
    );
  }
};

describe('the step form by type (firestore.rules validStep)', () => {
  it('an e-mail needs its subject and body', () => {
    expect(errors({ type: 'email' })).toEqual({ subject: 'errors.required', body: 'errors.required' });
    expect(valid({ type: 'email', subject: 'Hola', body: 'Texto' })).toBe(true);
  });

  it('a task needs its title; the description is optional', () => {
    expect(errors({ type: 'task', body: 'x' })).toEqual({ subject: 'errors.required' });
    expect(valid({ type: 'task', subject: 'Llamar' })).toBe(true);
  });

  it('a WhatsApp step needs its template, nothing else', () => {
    expect(errors({ type: 'whatsapp' })).toEqual({ templateId: 'errors.required' });
    expect(valid({ type: 'whatsapp', templateId: 't1' })).toBe(true);
  });

  it('a wait needs only its delay, 0–365 whole days for every type', () => {
    expect(valid({ type: 'wait', delayDays: 3 })).toBe(true);
    expect(errors({ type: 'wait', delayDays: 366 })).toEqual({ delayDays: 'errors.max' });
    expect(errors({ type: 'wait', delayDays: -1 })).toEqual({ delayDays: 'errors.min' });
  });

  it('lengths: the subject at most 300 characters', () => {
    expect(errors({ type: 'task', subject: 'x'.repeat(301) })).toEqual({ subject: 'errors.tooLong' });
  });

  it('writes what the document schema (= the rules) accepts, per type', () => {
    const cases: StepValues[] = [
      { type: 'email', subject: ' Hola ', body: 'Texto', templateId: 'ignored', delayDays: 0 },
      { type: 'task', subject: 'Llamar', body: '', templateId: null, delayDays: 2 },
      { type: 'whatsapp', subject: 'left', body: 'aside', templateId: 't1', delayDays: 1 },
      { type: 'wait', subject: 'x', body: 'y', templateId: 't1', delayDays: 5 },
    ];
    const records = cases.map((values) => stepRecord(stepFormSchema.cast(values) as StepValues));
    expect(records).toEqual([
      { type: 'email', subject: 'Hola', body: 'Texto', delayDays: 0 },
      { type: 'task', subject: 'Llamar', body: '', delayDays: 2 },
      { type: 'whatsapp', subject: '', body: '', templateId: 't1', delayDays: 1 },
      { type: 'wait', subject: '', body: '', delayDays: 5 },
    ]);
    for (const record of records)
      expect(
        documentSchemas.steps.isValidSync({ ...record, stepOrder: 1 }, { strict: true }),
        JSON.stringify(record),
      ).toBe(true);
  });
});
