import { describe, expect, it } from 'vitest';
import { contactSchema, dealSchema, taskSchema } from '@trato/model';
import { formValuesFor, withRequiredMessage } from './formValues';

describe('formValuesFor', () => {
  it('starts a new record from the schema defaults and empty inputs', () => {
    const values = formValuesFor(contactSchema);
    expect(values).toMatchObject({
      name: '',
      email: '',
      companyId: '',
      lifecycleStage: 'lead',
      status: 'active',
      isCustomer: false,
    });
  });

  it('loads a record: timestamps become dates, nulls become empty inputs', () => {
    const due = new Date('2026-11-30T15:00:00Z');
    const values = formValuesFor(taskSchema, {
      title: 'Llamar',
      description: null,
      status: 'completed',
      dueDate: { toDate: () => due },
      assigneeIds: ['u1'],
    });
    expect(values).toMatchObject({
      title: 'Llamar',
      description: '',
      status: 'completed',
      dueDate: due,
      assigneeIds: ['u1'],
    });
  });

  it('adds what the form carries beside the schema', () => {
    expect(formValuesFor(contactSchema, null, { companyName: 'Maya' }).companyName).toBe('Maya');
  });
});

describe('withRequiredMessage', () => {
  const schema = withRequiredMessage(dealSchema, ['title'], 'records:deal.titleRequired');
  const titleError = (title: unknown) => {
    try {
      schema.validateSyncAt('title', { title });
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('answers a missing, empty or blank value with the given message', () => {
    expect(titleError(undefined)).toBe('records:deal.titleRequired');
    expect(titleError('')).toBe('records:deal.titleRequired');
    expect(titleError('   ')).toBe('records:deal.titleRequired');
    expect(titleError('Licencias')).toBeNull();
  });
});
