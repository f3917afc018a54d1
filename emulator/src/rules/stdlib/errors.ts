/** Error values with the wording production uses in its debug messages. */
import { RError, typeName, type RValue } from '../values.js';

export const functionNotFound = (name: string) => new RError(`Function not found error: Name: [${name}].`);
export const propertyUndefined = (name: string) => new RError(`Property ${name} is undefined on object.`);
export const nullValue = () => new RError('Null value error.');
export const divideByZero = () => new RError('Divide by zero error.');
export const overflow = () => new RError('Integer overflow error.');
export const indexOutOfBound = (index: bigint | number, size: number) =>
  new RError(`Index out of bound error. Index: [${index}] , size: [${size}].`);
export const unsupported = (received: string, expected: string) =>
  new RError(`Unsupported operation error. Received: ${received}. Expected: ${expected}.`);
export const invalidArgument = (message: string) => new RError(`Invalid argument error. ${message}`);

/** "Received: set.difference(list). Expected: set.difference(set)." */
export function badArgs(
  receiver: RValue | undefined,
  name: string,
  args: RValue[],
  expected: string[],
): RError {
  const prefix = receiver === undefined ? '' : `${typeName(receiver)}.`;
  const expectedPrefix = receiver === undefined ? '' : `${typeName(receiver)}.`;
  return unsupported(
    `${prefix}${name}(${args.map(typeName).join(', ')})`,
    `${expectedPrefix}${name}(${expected.join(', ')})`,
  );
}
