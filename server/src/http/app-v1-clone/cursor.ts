/** Opaque cursor for the clone API's avatar list: base64url of the last item's sort key. Pure. */
export interface CursorKey {
  createdAt: string;
  id: string;
}

export function encodeCursor(k: CursorKey): string {
  return Buffer.from(JSON.stringify([k.createdAt, k.id])).toString('base64url');
}

export function decodeCursor(cursor: string): CursorKey | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      typeof v[1] === 'string' &&
      !Number.isNaN(Date.parse(v[0]))
    ) {
      return { createdAt: v[0], id: v[1] };
    }
  } catch {
    // fall through: any undecodable cursor is invalid input
  }
  return null;
}
