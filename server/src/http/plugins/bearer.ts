/** Extracts the credential from an Authorization header: 'Bearer <t>' (any case) or, if allowed, a bare key. */
export function readCredential(header: string | undefined, allowBareKey: boolean): string | null {
  if (!header) return null;
  const value = header.trim();
  const m = /^bearer\s+(.+)$/i.exec(value);
  if (m) return m[1]!.trim() || null;
  return allowBareKey && !/\s/.test(value) ? value : null;
}
