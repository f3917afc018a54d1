import { describeError } from '@/i18n/errors';

/** The refusals of the template callables that have words of their own (the waTemplates catalogue's `reasons`). */
export const TEMPLATE_REASONS = [
  'template-invalid',
  'template-exists',
  'too-many-templates',
  'not-connected',
  'rate-limited',
  'not-found',
  'not-member',
  'no-right',
  'subscription-inactive',
  'invalid-input',
  'not-configured',
] as const;
export type TemplateReason = (typeof TEMPLATE_REASONS)[number];

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

export interface TemplateRefusal {
  /** `reasons.*` (waTemplates) or `errors.server.*` (core). */
  key: `reasons.${TemplateReason}` | `errors.server.${string}`;
  /** For invalid-input: the field the server refused. */
  field: string | null;
  /** For template-invalid: the model's problems, when the server lists them (`details.problems`). */
  problems: string[];
}

/** What to say about a refused template call (the server's own text never reaches the user). */
export function templateRefusal(error: unknown): TemplateRefusal {
  const details = field(error, 'details');
  const reason = field(details, 'reason');
  const named = field(details, 'field');
  const problems = field(details, 'problems');
  if (typeof reason === 'string' && (TEMPLATE_REASONS as readonly string[]).includes(reason))
    return {
      key: `reasons.${reason as TemplateReason}`,
      field: typeof named === 'string' ? named : null,
      problems: Array.isArray(problems) ? problems.filter((p): p is string => typeof p === 'string') : [],
    };
  return { key: `errors.server.${describeError(error).key}`, field: null, problems: [] };
}
