// A column's select offers 'No importar' and the entity's fields. A select's values are strings, so
// ignoring has a value of its own that no field is named, and a value becomes a field only when it
// is one of the entity's: nothing else (a label, a stray value) can pass for a field.
import { TARGETS, type CsvEntity, type ImportTarget } from '../fields';

export const IGNORE_COLUMN = '';

/** The select's value for a column's target (null: ignored). */
export const choiceOf = (target: ImportTarget | null): string => target ?? IGNORE_COLUMN;

/** The target a select's value names for this entity, or null (ignore the column). */
export function targetOf(entity: CsvEntity, choice: string): ImportTarget | null {
  return TARGETS[entity].find((target) => target === choice) ?? null;
}
