import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FetchRefusedError } from './fetch-refused-error.js';
import { checkFetchUrl, effectivePort } from './fetch-url.js';

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof FetchRefusedError);
    return err.reason;
  }
  return 'accepted';
}

test('checkFetchUrl accepts http and https URLs', () => {
  assert.equal(
    checkFetchUrl('https://example.com/a.mp4?x=1#frag').href,
    'https://example.com/a.mp4?x=1#frag',
  );
  assert.equal(checkFetchUrl('/b.png', new URL('http://example.com/a/')).href, 'http://example.com/b.png');
});

test('checkFetchUrl refuses other schemes, credentials, oversized and unparsable URLs', () => {
  assert.equal(
    reasonOf(() => checkFetchUrl('ftp://example.com/a')),
    'scheme',
  );
  assert.equal(
    reasonOf(() => checkFetchUrl('file:///etc/passwd')),
    'scheme',
  );
  assert.equal(
    reasonOf(() => checkFetchUrl('data:text/plain,hi')),
    'scheme',
  );
  assert.equal(
    reasonOf(() => checkFetchUrl('gopher://127.0.0.1:6379/_x')),
    'scheme',
  );
  assert.equal(
    reasonOf(() => checkFetchUrl('not a url')),
    'bad-url',
  );
  assert.equal(
    reasonOf(() => checkFetchUrl('http://')),
    'bad-url',
  );
  assert.equal(
    reasonOf(() => checkFetchUrl('https://user:pw@example.com/')),
    'bad-url',
  );
  assert.equal(
    reasonOf(() => checkFetchUrl('https://user@example.com/')),
    'bad-url',
  );
  assert.equal(
    reasonOf(() => checkFetchUrl(`https://example.com/${'a'.repeat(2048)}`)),
    'bad-url',
  );
  // A relative redirect that only grows too long once resolved.
  const base = new URL(`https://example.com/${'a'.repeat(2000)}/`);
  assert.equal(
    reasonOf(() => checkFetchUrl('b'.repeat(100), base)),
    'bad-url',
  );
});

test('refusal errors never carry credentials', () => {
  try {
    checkFetchUrl('https://user:secret@example.com/x');
    assert.fail('accepted');
  } catch (err) {
    assert.ok(err instanceof FetchRefusedError);
    assert.equal(err.url.includes('secret'), false);
  }
});

test('effectivePort fills in the scheme default', () => {
  assert.equal(effectivePort(new URL('http://a.test/')), 80);
  assert.equal(effectivePort(new URL('https://a.test/')), 443);
  assert.equal(effectivePort(new URL('https://a.test:8443/')), 8443);
});
