/** Checks a numeric option (a timeout, a limit) when a fetcher or poster is created. */
export function count(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be an integer >= ${min}`);
  return value;
}
