import type { AnyObject, ObjectSchema } from 'yup';

type FieldSchema = {
  type: string;
  spec: { default?: unknown };
  required(message: string): unknown;
  notRequired(): FieldSchema;
};

type Values = Record<string, unknown>;

function isTimestamp(value: unknown): value is { toDate(): Date } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toDate?: unknown }).toDate === 'function'
  );
}

/** What an input shows for "nothing": '' for texts, [] for lists, false for switches, else null. */
function emptyValueOf(type: string): unknown {
  if (type === 'string') return '';
  if (type === 'array') return [];
  if (type === 'boolean') return false;
  return null;
}

/**
 * A form's starting values from the model's form schema: a record's values when editing (stored
 * timestamps become Dates, nulls become the inputs' empty values), else the schema's defaults.
 * `extra` adds what the form carries beside the schema (a picker's denormalised name) and presets.
 */
export function formValuesFor(
  schema: ObjectSchema<AnyObject>,
  record?: object | null,
  extra: Values = {},
): Values {
  const stored = (record ?? null) as Values | null;
  const values: Values = {};
  for (const [key, field] of Object.entries(schema.fields)) {
    const { type, spec } = field as unknown as FieldSchema;
    const value = stored?.[key];
    if (value !== undefined && value !== null) values[key] = isTimestamp(value) ? value.toDate() : value;
    else {
      const fallback = stored ? undefined : spec.default;
      values[key] = fallback !== undefined && fallback !== null ? fallback : emptyValueOf(type);
    }
  }
  return { ...values, ...extra };
}

/**
 * The same form schema with a screen's own message for its required fields (the spec words them
 * per dialog: 'El título es requerido', 'Complete los campos requeridos').
 */
export function withRequiredMessage<S extends ObjectSchema<AnyObject>>(
  schema: S,
  fields: string[],
  message: string,
): S {
  const replaced = Object.fromEntries(
    // notRequired() drops the field's own 'required' test, which would otherwise answer first.
    fields.map((name) => [
      name,
      (schema.fields[name] as unknown as FieldSchema).notRequired().required(message),
    ]),
  );
  return schema.shape(replaced as never) as unknown as S;
}
