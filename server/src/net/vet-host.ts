import dns from 'node:dns';
import net from 'node:net';
import { isAllowed, normalizeHost, type AllowEntry } from './allow-list.js';
import { isBlockedAddress, isBlockedHostname } from './blocked-address.js';
import { FetchRefusedError } from './fetch-refused-error.js';
import { effectivePort } from './fetch-url.js';
import type { VettedAddress } from './pinned-request.js';

export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

/** What screening a host needs: the operator allow-list and the resolver. */
export interface HostPolicy {
  allow: AllowEntry[];
  lookup: Resolver;
}

/** The system resolver (hosts file, then DNS), every address of the name. */
export async function systemLookup(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  const found = await dns.promises.lookup(hostname, { all: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/**
 * Screens the URL's host and returns the addresses that may be connected to. IP literals are checked
 * as they are; names are refused by name first, then resolved once, and refused if ANY address is
 * blocked (a name with one public and one private address would otherwise be a coin toss).
 */
export async function vetHost(s: HostPolicy, url: URL, signal: AbortSignal): Promise<VettedAddress[]> {
  const host = normalizeHost(url.hostname);
  const allowed = isAllowed(s.allow, host, effectivePort(url));
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  const literalFamily = net.isIP(literal);
  if (literalFamily !== 0) {
    if (!allowed && isBlockedAddress(literal)) {
      throw new FetchRefusedError('blocked-address', url.href, `address ${host} is not allowed`);
    }
    return [{ address: literal, family: literalFamily === 6 ? 6 : 4 }];
  }
  if (!allowed && isBlockedHostname(host)) {
    throw new FetchRefusedError('blocked-address', url.href, `host ${host} is not allowed`);
  }

  let found: { address: string; family: 4 | 6 }[];
  try {
    found = await untilAborted(s.lookup(url.hostname), signal);
  } catch (err) {
    if (signal.aborted) throw err;
    throw new FetchRefusedError('dns', url.href, `cannot resolve ${host}`, { cause: err });
  }
  const vetted: VettedAddress[] = [];
  for (const { address } of found) {
    // The family is re-derived from the address: a resolver's word is not trusted for the check.
    const family = net.isIP(address);
    if (family === 0)
      throw new FetchRefusedError('dns', url.href, `resolver returned an invalid address for ${host}`);
    if (!allowed && isBlockedAddress(address)) {
      throw new FetchRefusedError('blocked-address', url.href, `host ${host} resolves to a blocked address`);
    }
    vetted.push({ address, family: family === 6 ? 6 : 4 });
  }
  if (vetted.length === 0) throw new FetchRefusedError('dns', url.href, `no address for ${host}`);
  return vetted;
}

/** Resolution cannot be cancelled, so stop waiting for it instead. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
