/**
 * Test mode for integrators: what marks a test token, what a test balance starts at, and which
 * request values only a test token may send. A test token belongs to its account's test twin (an
 * account of its own, `live_account_id` naming the live one), so everything it makes is apart from
 * live data by the account id every query already filters on.
 */

/** Test tokens read as what they are in logs, configs and screenshots, as Stripe's sk_test_ do. */
export const TEST_TOKEN_PREFIX = 'lk_test_';

/** Test credits a twin starts with and returns to when reset: room for a few hundred test works. */
export const TEST_BALANCE = 10_000;

/** Avatar and voice ids that ask for a test outcome: the reserved prefix. */
export const RESERVED_ID_PREFIX = 'test_';

/** The `Prefer` preferences of test mode all start with this. */
export const PREFER_PREFIX = 'likeness-';

/** Request fields that carry avatar or voice ids (clients pass them through unchanged). */
const ID_FIELDS = ['avatar', 'voice'] as const;

/**
 * Why a request made with a live token is refused (code 11), or null: a reserved id in one of its
 * id fields, or a test preference in its `Prefer` header. Test outcomes with a live token would
 * either fail oddly or spend real credits; Stripe refuses test cards in live mode the same way. Pure.
 */
export function liveTokenRefusal(body: unknown, prefer: string | string[] | undefined): string | null {
  const named: string[] = [];
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    for (const f of ID_FIELDS) {
      const v = fields[f];
      if (typeof v === 'string' && v.startsWith(RESERVED_ID_PREFIX)) named.push(`${f} '${v}'`);
    }
  }
  const preferences = testPreferences(prefer);
  if (preferences.length > 0) named.push(`Prefer: ${preferences.join(', ')}`);
  if (named.length === 0) return null;
  return (
    `${named.join('; ')}: test outcomes need a test token (${TEST_TOKEN_PREFIX}…); ` +
    `this request was made with a live token. Ids starting with '${RESERVED_ID_PREFIX}' and ` +
    `'${PREFER_PREFIX}' preferences are reserved for test mode`
  );
}

/** The `likeness-…` preferences of a Prefer header (RFC 7240: comma-separated, `;` parameters). Pure. */
export function testPreferences(prefer: string | string[] | undefined): string[] {
  const values = prefer === undefined ? [] : Array.isArray(prefer) ? prefer : [prefer];
  return values
    .flatMap((v) => v.split(','))
    .map((p) => p.trim())
    .filter((p) => p.toLowerCase().startsWith(PREFER_PREFIX));
}
