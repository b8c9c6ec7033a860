import { ERRORS } from '../errors/app-error.js';

/** The spec's "one of a/b" parameters: exactly one must be sent (code 11 otherwise). */
export function oneOf<T>(a: T | undefined, b: T | undefined, names: [string, string]): void {
  if (a === undefined && b === undefined) throw ERRORS.invalid(`send one of ${names[0]} or ${names[1]}`);
  if (a !== undefined && b !== undefined)
    throw ERRORS.invalid(`send either ${names[0]} or ${names[1]}, not both`);
}
