/**
 * Test mode (a test token, `lk_test_…`): the reserved avatar and voice ids and the `Prefer`
 * preferences that make a work end as named, so the error handling an integration ships can be
 * tested. Pass an id where an avatar or voice goes, or a preference as CallOptions.prefer; with a
 * live token both are refused (InvalidParameterError).
 */

/** Test tokens start with this. */
export const TEST_TOKEN_PREFIX = 'lk_test_';

/** Whether `token` is a test token. */
export const isTestToken = (token: string): boolean => token.startsWith(TEST_TOKEN_PREFIX);

/** Reserved avatar or voice ids. */
export const TestOutcome = {
  /** The task is accepted and fails with `code` (1002, 1011, 2013-2016, 99). */
  fail: (code: number) => `test_fail_${code}`,
  /** The submission itself is answered with `code` (any but 0 and 2003). */
  refuse: (code: number) => `test_refuse_${code}`,
  /** The task stays waiting until it is deleted. */
  wait: 'test_wait',
  /** The task takes `seconds` (1-600) with progress, then renders a shipped avatar or voice. */
  slow: (seconds: number) => `test_slow_${seconds}s`,
} as const;

/** How a test work's completion callback misbehaves. */
export type CallbackFault = 'duplicate' | 'late' | 'bad-signature' | 'out-of-order' | 'drop';

/** `Prefer` preferences; several go in one header, comma-separated (CallOptions.prefer takes a list). */
export const TestPrefer = {
  fail: (code: number) => `likeness-outcome=fail; code=${code}`,
  refuse: (code: number) => `likeness-outcome=refuse; code=${code}`,
  wait: 'likeness-outcome=wait',
  delay: (seconds: number) => `likeness-delay=${seconds}s`,
  callback: (fault: CallbackFault) => `likeness-callback=${fault}`,
} as const;
