import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isBlockedAddress, isBlockedHostname } from './blocked-address.js';

const BLOCKED: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback /8'],
  ['::1', 'IPv6 loopback'],
  ['[::1]', 'bracketed IPv6 loopback'],
  ['10.0.0.5', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12 low'],
  ['172.31.255.255', 'private 172.16/12 high'],
  ['192.168.1.1', 'private 192.168/16'],
  ['fc00::1', 'unique local fc00::/7'],
  ['fd12:3456::1', 'unique local fd'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'instance metadata'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with zone'],
  ['febf::1', 'IPv6 link-local upper edge of fe80::/10'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this-network 0/8'],
  ['::', 'IPv6 unspecified'],
  ['255.255.255.255', 'broadcast'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'IPv6 multicast'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT upper edge'],
  ['100.100.100.200', 'metadata inside carrier-grade NAT'],
  ['192.0.0.192', 'IETF protocol assignments 192.0.0/24'],
  ['192.0.2.1', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['240.0.0.1', 'reserved 240/4'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['fec0::1', 'deprecated site-local'],
  ['100::1', 'discard-only'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
  ['::ffff:10.0.0.5', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:0:10.0.0.5', 'IPv4-translated private'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::8.8.8.8', 'IPv4-compatible (deprecated) even for a public address'],
  ['64:ff9b::10.0.0.5', 'NAT64 of a private address'],
  ['64:ff9b:1::8.8.8.8', 'local-use NAT64 prefix'],
  ['2002:7f00:1::1', '6to4 carrying loopback'],
  ['2002:a00:5::1', '6to4 carrying 10.0.0.5'],
  ['2002:a9fe:a9fe::1', '6to4 carrying metadata'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo with a documentation-range client'],
  ['2001:0:808:808::f5ff:fffa', 'Teredo with client 10.0.0.5'],
  ['2001:0:a00:5::f7f7:f7f7', 'Teredo with server 10.0.0.5'],
  ['4000::1', 'IPv6 outside 2000::/3'],
  ['not-an-ip', 'garbage fails closed'],
  ['', 'empty fails closed'],
  ['8.8.8.8/x', 'trailing junk fails closed'],
  ['user@8.8.8.8', 'credentials fail closed'],
  ['127.1', 'IPv4 shorthand for loopback'],
  ['0x7f000001', 'hex IPv4 loopback'],
  ['0177.0.0.1', 'octal IPv4 loopback'],
];

const PUBLIC: [string, string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['93.184.216.34', 'public IPv4'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['100.128.0.1', 'just above carrier-grade NAT'],
  ['169.255.0.1', 'just above link-local'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['[2a00:1450:4001::200e]', 'bracketed public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['64:ff9b::8.8.8.8', 'NAT64 of a public address'],
  ['2002:808:808::1', '6to4 carrying a public address'],
  ['2001:0:808:808::f7f7:f7f7', 'Teredo with public server and client 8.8.8.8'],
];

test('isBlockedAddress refuses every non-public range, including IPv6 forms of IPv4', () => {
  for (const [ip, why] of BLOCKED) assert.equal(isBlockedAddress(ip), true, `${ip} (${why}) must be blocked`);
});

test('isBlockedAddress lets public unicast through', () => {
  for (const [ip, why] of PUBLIC) assert.equal(isBlockedAddress(ip), false, `${ip} (${why}) must pass`);
});

test('isBlockedHostname refuses metadata, loopback, private-use and single-label names', () => {
  for (const name of [
    'localhost',
    'localhost.',
    'api.localhost',
    'metadata.google.internal',
    'METADATA.GOOGLE.INTERNAL.',
    'metadata.goog',
    'metadata',
    'instance-data',
    'instance-data.ec2.internal',
    'db.corp.internal',
    'intranet',
    '',
  ]) {
    assert.equal(isBlockedHostname(name), true, `${JSON.stringify(name)} must be blocked`);
  }
  for (const name of ['example.com', 'cdn.example.org.', 'internal.example.com', 'metadata.example.com']) {
    assert.equal(isBlockedHostname(name), false, `${name} must pass`);
  }
});
