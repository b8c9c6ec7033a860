import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientErrorResponse } from './client-error.js';

const overflow = (path: string) => ({
  code: 'HPE_HEADER_OVERFLOW',
  message: 'Header overflow',
  rawPacket: Buffer.from(`GET ${path}?a=1&b=2 HTTP/1.1\r\nHost: x\r\n`),
});

function parse(raw: string) {
  const [head, body] = raw.split('\r\n\r\n') as [string, string];
  return { statusLine: head.split('\r\n')[0], head, body: JSON.parse(body) as Record<string, unknown> };
}

test('headers too large on the generation API: code 11 on HTTP 200, saying what to change', () => {
  const r = parse(clientErrorResponse(overflow('/api/v2/svc/video/task'), 'req_1')!);
  assert.equal(r.statusLine, 'HTTP/1.1 200 OK');
  assert.equal(r.body.code, 11);
  assert.match(String(r.body.message), /larger than the 16 KB .*JSON body/);
  assert.equal(r.body.request_id, 'req_1');
  assert.match(r.head, /Connection: close/);
  assert.match(r.head, new RegExp(`Content-Length: ${Buffer.byteLength(JSON.stringify(r.body))}`));
});

test('on the clone API: its envelope, code 12 on HTTP 400', () => {
  const r = parse(clientErrorResponse(overflow('/api/app/v1/clone/avatars'), 'req_2')!);
  assert.equal(r.statusLine, 'HTTP/1.1 400 Bad Request');
  assert.equal(r.body.code, 12);
  assert.deepEqual(r.body.data, {});
  assert.match(String(r.body.detail), /16 KB/);
  assert.match(r.head, /x-request-id: req_2/);
});

test('a malformed request line names the parser code; a reset connection gets nothing', () => {
  const r = parse(clientErrorResponse({ code: 'HPE_INVALID_METHOD', message: 'Invalid method' }, 'req_3')!);
  assert.equal(r.body.code, 11);
  assert.match(String(r.body.message), /HPE_INVALID_METHOD/);
  assert.equal(clientErrorResponse({ code: 'ECONNRESET', message: 'reset' }, 'req_4'), null);
});
