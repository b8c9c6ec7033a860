import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeFilterValue, escapeOptionValue, filterOptions, formatNumber } from './filter-escape.js';

test('plain paths pass unchanged', () => {
  assert.equal(escapeFilterValue('/tmp/a b/c.ass'), '/tmp/a b/c.ass');
});

test('option-level specials are escaped once, then every backslash and graph special again', () => {
  assert.equal(escapeOptionValue("C:\\a'b"), "C\\:\\\\a\\'b");
  assert.equal(escapeFilterValue("we'ird [d], x;y:z"), "we\\\\\\'ird \\[d\\]\\, x\\;y\\\\:z");
  assert.equal(escapeFilterValue('a\\c'), 'a\\\\\\\\c');
  assert.equal(escapeFilterValue('eq(n,0)'), 'eq(n\\,0)');
});

test('filterOptions joins escaped pairs', () => {
  assert.equal(filterOptions({ filename: '/t/x:y.ass', size: 12.5 }), 'filename=/t/x\\\\:y.ass:size=12.5');
});

test('formatNumber is stable and never exponential', () => {
  assert.equal(formatNumber(5), '5');
  assert.equal(formatNumber(-16), '-16');
  assert.equal(formatNumber(0.1 + 0.2), '0.3');
  assert.equal(formatNumber(1e-7), '0');
  assert.equal(formatNumber(-0.0000001), '0');
  assert.equal(formatNumber(2.5e-3), '0.0025');
  assert.throws(() => formatNumber(Number.NaN), RangeError);
});
