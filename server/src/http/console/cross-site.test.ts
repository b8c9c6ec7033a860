import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crossSiteReason } from './cross-site.js';

const PUBLIC = 'https://likeness.example.com';

test('the console itself and typed-in navigations pass', () => {
  assert.equal(crossSiteReason({ 'sec-fetch-site': 'same-origin' }, PUBLIC), null);
  assert.equal(crossSiteReason({ 'sec-fetch-site': 'none' }, PUBLIC), null);
});

test('fetch metadata of another site or a sibling subdomain is refused, whatever Origin says', () => {
  for (const site of ['cross-site', 'same-site']) {
    const why = crossSiteReason(
      { 'sec-fetch-site': site, origin: PUBLIC, host: 'likeness.example.com' },
      PUBLIC,
    );
    assert.match(why ?? '', new RegExp(`Sec-Fetch-Site: ${site}`));
  }
});

test('without fetch metadata, Origin must name this host or the public URL', () => {
  assert.equal(crossSiteReason({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }, PUBLIC), null);
  assert.equal(crossSiteReason({ origin: PUBLIC, host: '10.0.0.5:3000' }, PUBLIC), null);
  assert.match(
    crossSiteReason({ origin: 'https://evil.example', host: '127.0.0.1:3000' }, PUBLIC) ?? '',
    /evil/,
  );
  assert.match(crossSiteReason({ origin: 'null', host: '127.0.0.1:3000' }, PUBLIC) ?? '', /null/);
  assert.match(crossSiteReason({ origin: 'not a url', host: '127.0.0.1:3000' }, PUBLIC) ?? '', /refused/);
});

test('a request with neither header (curl, scripts) passes: it carries no browser cookie by accident', () => {
  assert.equal(crossSiteReason({ host: '127.0.0.1:3000' }, PUBLIC), null);
});
