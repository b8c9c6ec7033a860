import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// 2000::/3 is the only IPv6 space handed out as global unicast; anything else that ipaddr.js still calls
// 'unicast' (IPv4-compatible ::a.b.c.d, unassigned blocks) has no business being a media source.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
// NAT64 well-known prefix: the last 32 bits are the IPv4 destination. The /48 local-use NAT64 prefix
// (64:ff9b:1::/48) has no fixed embedding position, so it is refused outright.
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/**
 * True when a fetch must not connect to `ip`: anything that is not plain public unicast (loopback,
 * private, link-local incl. the instance-metadata address, unspecified, broadcast, multicast, CGNAT,
 * reserved/documentation/benchmarking, unique-local...), and IPv6 forms that carry such an IPv4
 * address (IPv4-mapped, IPv4-translated, NAT64, 6to4, Teredo). Unparsable input is blocked: fail closed.
 * Pure. Accepts IPv6 with or without brackets and with a zone id.
 */
export function isBlockedAddress(ip: string): boolean {
  const text = canonicalLiteral(ip);
  if (text === null) return true;
  const addr = ipaddr.parse(text);
  return addr instanceof ipaddr.IPv4 ? isBlockedV4(addr) : isBlockedV6(addr as ipaddr.IPv6);
}

/**
 * Rewrites an IP literal the way a URL host is normalised (plain dotted quad, compressed hex IPv6),
 * or null when it is not one. ipaddr.js reads '::a.b.c.d' as '::ffff:a.b.c.d', which is a different
 * address; hex-only text sidesteps that. The zone id is dropped: it only qualifies link-local
 * addresses, which are blocked whatever the zone.
 */
function canonicalLiteral(ip: string): string | null {
  let text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (text.includes(':')) text = `[${text.replace(/%.*$/, '')}]`;
  // Only address characters: no path, port, credentials or anything else the URL parser would accept.
  if (!/^[0-9a-zA-Z.:[\]]+$/.test(text)) return null;
  let host: string;
  try {
    host = new URL(`http://${text}/`).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return null;
  }
  return isIP(host) === 0 ? null : host;
}

function isBlockedV4(addr: ipaddr.IPv4): boolean {
  // Allow-by-exception: only ranges ipaddr.js classifies as ordinary unicast pass.
  return addr.range() !== 'unicast';
}

function isBlockedV6(addr: ipaddr.IPv6): boolean {
  const p = addr.parts;
  switch (addr.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return isBlockedV4(v4FromWords(p[6], p[7]));
    case 'rfc6052':
      return addr.match(NAT64_WELL_KNOWN) ? isBlockedV4(v4FromWords(p[6], p[7])) : true;
    case '6to4': // 2002:AABB:CCDD::/48 routes to the IPv4 host AA.BB.CC.DD
      return isBlockedV4(v4FromWords(p[1], p[2]));
    case 'teredo': {
      // 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, server in clear, client IPv4 bit-inverted.
      const server = v4FromWords(p[2], p[3]);
      const client = v4FromWords(~(p[6] ?? 0) & 0xffff, ~(p[7] ?? 0) & 0xffff);
      return isBlockedV4(server) || isBlockedV4(client);
    }
    case 'unicast':
      return !addr.match(GLOBAL_UNICAST_V6);
    default:
      return true;
  }
}

function v4FromWords(hi: number | undefined, lo: number | undefined): ipaddr.IPv4 {
  const h = hi ?? 0;
  const l = lo ?? 0;
  return new ipaddr.IPv4([h >> 8, h & 0xff, l >> 8, l & 0xff]);
}

// Instance-metadata services answer on link-local addresses (caught above), but some platforms also
// publish them under a name; refuse those names before even resolving them.
const BLOCKED_NAMES = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);
// Special-use suffixes that never name a public host: RFC 6761 loopback and the private-use '.internal'.
const BLOCKED_SUFFIXES = ['.localhost', '.internal'];

/**
 * True for host names that are refused by name, whatever they resolve to: loopback and metadata names,
 * private-use suffixes, and single-label names (which only resolve through local search domains).
 * Expects a URL host name (lower case); a trailing dot is ignored. Pure.
 */
export function isBlockedHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (name === '' || !name.includes('.')) return true;
  return BLOCKED_NAMES.has(name) || BLOCKED_SUFFIXES.some((s) => name.endsWith(s));
}
