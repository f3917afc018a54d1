// The callables' input check: one path, the model's. Every request is checked against its
// contract (model/src/callableInputs.ts: the schemas of CallableContract's inputs, built from the
// model's value rules) before anything is read; a refusal is `invalid-argument` with
// details { reason: 'invalid-input', field } (what web/src/firebase/callableErrors.ts reads).
import {
  checkCallableInput,
  ERR,
  type CallableName,
  type InputErrorKey,
  type ParsedInput,
} from '@trato/model';

import { fail } from './errors.js';

/** The server's text for a refusal (for logs and developers: the web shows its own, from `reason`). */
const WHAT: Record<InputErrorKey, string> = {
  [ERR.required]: 'is required',
  [ERR.email]: 'is not a valid e-mail',
  [ERR.url]: 'is not a valid address',
  [ERR.tooLong]: 'is too long',
  [ERR.number]: 'must be a number',
  [ERR.min]: 'is below the minimum',
  [ERR.max]: 'is above the maximum',
  [ERR.oneOf]: 'is not an accepted value',
  [ERR.endBeforeStart]: 'ends before it starts',
  [ERR.date]: 'is not a valid date',
  [ERR.username]: 'must be 3-20 letters, digits or underscores',
};

/** The callable's input as its contract types it (trimmed, normalized), or `invalid-argument`. */
export function parseInput<N extends CallableName>(name: N, data: unknown): ParsedInput<N> {
  const checked = checkCallableInput(name, data);
  if (!checked.ok) {
    const { field, message } = checked.refusal;
    fail('invalid-argument', `${field} ${WHAT[message] ?? 'is invalid'} (${message}).`, {
      reason: 'invalid-input',
      field,
    });
  }
  return checked.value;
}
