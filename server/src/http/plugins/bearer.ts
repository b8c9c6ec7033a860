/** Extracts the credential from an Authorization header: 'Bearer <t>' (any case) or, if allowed, a bare key. */
export function readCredential(header: string | undefined, allowBareKey: boolean): string | null {
  if (!header) return null;
  const value = header.trim();
  const m = /^bearer\s+(.+)$/i.exec(value);
  if (m) return m[1]!.trim() || null;
  return allowBareKey && !/\s/.test(value) ? value : null;
}

const MISSING = 'missing token: send the header "Authorization: Bearer <API_TOKEN>"';

/**
 * Why readCredential found no credential in this header, in words that say what to fix: no header
 * at all, the `Bearer ` prefix left out (a bare token where it is not accepted), a prefix with no
 * token after it, or another scheme (only the scheme's name is repeated, never the value).
 */
export function credentialProblem(header: string | undefined, allowBareKey: boolean): string {
  const value = (header ?? '').trim();
  if (!value) return MISSING;
  if (/^bearer$/i.test(value))
    return 'the Authorization header has the `Bearer ` prefix but no token after it: send `Bearer <token>`';
  const expected = allowBareKey ? '`Bearer <token>` or the token alone' : '`Bearer <token>`';
  const scheme = /^(\S+)\s/.exec(value)?.[1];
  if (!scheme)
    return `the Authorization header must be ${expected}; got a value without the \`Bearer \` prefix`;
  const what = /^[A-Za-z][A-Za-z0-9._-]{0,19}$/.test(scheme)
    ? `a "${scheme}" credential`
    : 'another kind of value';
  return `the Authorization header must be ${expected}; got ${what} instead`;
}
