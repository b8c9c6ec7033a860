/**
 * A stand-in for a service or port in unit tests: it has exactly the members given, and touching
 * any other one throws, so a test fails on a call it did not expect instead of passing by accident.
 * Record calls in the given functions and assert them exactly.
 */
export function strictFake<T extends object>(name: string, members: Partial<T>): T {
  return new Proxy(members, {
    get(target, prop) {
      if (prop in target) return Reflect.get(target, prop) as unknown;
      // Not a thenable (an `await` of the fake looks for `then`), and inspection by node:assert.
      if (prop === 'then' || typeof prop === 'symbol') return undefined;
      throw new Error(`${name}.${prop} was called, and this test did not expect it`);
    },
  }) as T;
}
