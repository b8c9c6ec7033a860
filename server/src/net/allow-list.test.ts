import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isAllowed, parseAllowList } from './allow-list.js';

test('parseAllowList normalises hosts like URLs do and keeps explicit ports', () => {
  assert.deepEqual(
    parseAllowList(['Media.Example.', '127.0.0.1:8080', '[0:0::1]:9000', '[FD00::1]', 'host:80']),
    [
      { host: 'media.example', port: null },
      { host: '127.0.0.1', port: 8080 },
      { host: '[::1]', port: 9000 },
      { host: '[fd00::1]', port: null },
      { host: 'host', port: 80 },
    ],
  );
});

test('parseAllowList rejects malformed entries instead of ignoring them', () => {
  for (const bad of [
    '',
    'http://host',
    'host/path',
    'user@host',
    '::1',
    '[::1',
    'host:0',
    'host:70000',
    'a b',
    'host:',
  ]) {
    assert.throws(() => parseAllowList([bad]), TypeError, JSON.stringify(bad));
  }
});

test('isAllowed matches host with any port, or host:port exactly', () => {
  const list = parseAllowList(['cdn.local.test', '127.0.0.1:8080', '[::1]:9000']);
  assert.equal(isAllowed(list, 'cdn.local.test', 443), true);
  assert.equal(isAllowed(list, 'CDN.local.test.', 80), true);
  assert.equal(isAllowed(list, '127.0.0.1', 8080), true);
  assert.equal(isAllowed(list, '127.0.0.1', 8081), false);
  assert.equal(isAllowed(list, '[::1]', 9000), true);
  assert.equal(isAllowed(list, '[::1]', 80), false);
  assert.equal(isAllowed(list, 'other.test', 80), false);
});
