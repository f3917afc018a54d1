import * as yup from 'yup';
import { charCount, ERR, LIMITS, stepSchema, type SequenceStepType } from '@trato/model';

/** What the step form holds: every type's fields, the ones of other types left aside when saving. */
export interface StepValues {
  type: SequenceStepType;
  /** E-mail: the subject; task: the task's title. */
  subject: string;
  /** E-mail: the body; task: the task's description (optional). */
  body: string;
  /** WhatsApp: the template (waTemplates id). */
  templateId: string | null;
  delayDays: number;
}

export const EMPTY_STEP: StepValues = {
  type: 'email',
  subject: '',
  body: '',
  templateId: null,
  delayDays: 0,
};

/** A text of the step: trimmed, '' when empty (a step's subject and body are never null), at most `max`. */
const stepText = (max: number) =>
  yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v))
    .default('')
    .test('max', ERR.tooLong, (v) => !v || charCount(v) <= max);

const needs = (types: readonly SequenceStepType[]) => (type: unknown) =>
  types.includes(type as SequenceStepType);

/**
 * The step form's schema, by type as firestore.rules' validStep: an e-mail needs its subject and
 * body, a task its title (its description is optional), a WhatsApp step its template; a wait
 * needs nothing but the delay, which every type has (the model's rule: 0–365 whole days).
 */
export const stepFormSchema = yup.object({
  type: stepSchema.fields.type,
  subject: stepText(LIMITS.subject).when('type', {
    is: needs(['email', 'task']),
    then: (s) => s.required(ERR.required),
  }),
  body: stepText(LIMITS.body).when('type', { is: needs(['email']), then: (s) => s.required(ERR.required) }),
  templateId: yup
    .string()
    .nullable()
    .default(null)
    .when('type', { is: needs(['whatsapp']), then: (s) => s.required(ERR.required) }),
  delayDays: stepSchema.fields.delayDays,
});

/** The step document a form's values make (what validStep takes for its type). */
export function stepRecord(values: StepValues): Record<string, unknown> {
  const delayDays = Number(values.delayDays);
  switch (values.type) {
    case 'email':
    case 'task':
      return { type: values.type, subject: values.subject.trim(), body: values.body.trim(), delayDays };
    case 'whatsapp':
      return { type: 'whatsapp', subject: '', body: '', templateId: values.templateId, delayDays };
    case 'wait':
      return { type: 'wait', subject: '', body: '', delayDays };
  }
}
