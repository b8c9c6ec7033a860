import { randomBytes, randomFillSync } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const ID_BYTES = 24;

// One system call fills a pool good for many ids (every request gets one), instead of one per id.
const pool = Buffer.alloc(ID_BYTES * 256);
let offset = pool.length;

/** Unguessable identifier: prefix + 24 base-36 characters (~124 bits). */
export function newId(prefix: string): string {
  if (offset + ID_BYTES > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  let out = '';
  for (let i = 0; i < ID_BYTES; i++) out += ALPHABET[pool[offset + i]! % 36];
  offset += ID_BYTES;
  return `${prefix}_${out}`;
}

/** An API token: shown once, stored only as its SHA-256. */
export function newToken(): string {
  return `lk_${randomBytes(32).toString('base64url')}`;
}
