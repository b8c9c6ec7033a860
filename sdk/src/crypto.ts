/**
 * The one cryptographic primitive the SDK needs, HMAC-SHA256, over Web Crypto: global in Node 20 and
 * in browsers, so the same code runs in both and the bundle imports no Node module.
 */

export interface HmacProvider {
  /** Lower-case hex HMAC-SHA256 of `data` keyed with `key`. */
  hmacSha256Hex(key: string, data: Uint8Array): Promise<string>;
}

const encoder = new TextEncoder();

export const webCryptoHmac: HmacProvider = {
  async hmacSha256Hex(key, data) {
    const subtle = globalThis.crypto?.subtle;
    if (!subtle)
      throw new Error('Web Crypto (crypto.subtle) is not available: use Node 20 or a current browser');
    const k = await subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    // Copied into a fresh ArrayBuffer: Web Crypto takes no views over shared or resizable buffers.
    const sig = new Uint8Array(await subtle.sign('HMAC', k, data.slice()));
    let hex = '';
    for (const b of sig) hex += b.toString(16).padStart(2, '0');
    return hex;
  },
};

/** Compares two strings in time that depends only on their length. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export const utf8 = (s: string): Uint8Array => encoder.encode(s);
