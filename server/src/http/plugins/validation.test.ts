import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FORMATS, formatValidationErrors } from './validation.js';

const err = (keyword: string, instancePath: string, params: Record<string, unknown>, message?: string) => ({
  keyword,
  instancePath,
  schemaPath: '',
  params,
  message,
});

test('validation messages name the parameter and the rule', () => {
  assert.equal(
    formatValidationErrors([err('required', '', { missingProperty: 'text' })], 'body'),
    'text is required',
  );
  assert.equal(
    formatValidationErrors([err('maxLength', '/title', { limit: 20 })], 'body'),
    'title must be at most 20 characters',
  );
  assert.equal(
    formatValidationErrors([err('format', '/st_primary_color', { format: 'rrggbb' })], 'body'),
    'st_primary_color must be a colour in the form #rrggbb, e.g. #ffcc00',
  );
  assert.equal(
    formatValidationErrors([err('type', '/page', { type: 'integer' })], 'querystring'),
    'page must be a whole number',
  );
  assert.equal(
    formatValidationErrors([err('maximum', '/size', { limit: 300 }, 'must be <= 300')], 'querystring'),
    'size must be <= 300',
  );
});

test('plain-text rejects HTML tags but not comparisons', () => {
  const plain = FORMATS['plain-text']!.test;
  assert.equal(plain('你好<b>世界</b>'), false);
  assert.equal(plain('line<br/>break'), false);
  assert.equal(plain('<p class="x">hi</p>'), false);
  assert.equal(plain('if a<b and c>d then 3<5'), true);
  assert.equal(plain('价格 < 100 元'), true);
});

test('http-url accepts http(s) URLs only', () => {
  const url = FORMATS['http-url']!.test;
  assert.equal(url('https://cdn.example.com/a.mp4?x=1'), true);
  assert.equal(url('http://127.0.0.1:8080/v.mov'), true);
  assert.equal(url('abc'), false);
  assert.equal(url('ftp://example.com/a.mp4'), false);
  assert.equal(url('file:///etc/passwd'), false);
});

test('a missing or non-object body says to send JSON', () => {
  assert.equal(
    formatValidationErrors([err('type', '', { type: 'object' })], 'body'),
    'the request body must be a JSON object sent with Content-Type: application/json',
  );
});
