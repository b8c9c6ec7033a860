import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lastPacketEnd, lengthTolerance, parseFirstNumbers, parseProgressOutTime } from './integrity.js';

test('a stream may end up to 0.5 s or 2 % short of its declared length', () => {
  assert.equal(lengthTolerance(10), 0.5);
  assert.equal(lengthTolerance(1800), 36);
});

test('decoded frame times are the first number of each line', () => {
  assert.deepEqual(parseFirstNumbers('0.000000,\n0.040000\n\nN/A\n0.080000,side\n'), [0, 0.04, 0.08]);
  assert.deepEqual(parseFirstNumbers(''), []);
});

test('the last packet ends at its time plus its duration; none is -Infinity', () => {
  assert.equal(lastPacketEnd('9.920000,0.040000,___\n9.960000,0.040000,___\n'), 10);
  assert.equal(lastPacketEnd('3.000000,N/A,__C\n'), 3);
  assert.equal(lastPacketEnd('N/A,0.04,K__\n'), -Infinity);
  assert.equal(lastPacketEnd(''), -Infinity);
});

test("ffmpeg's -progress output gives the decoded length", () => {
  const progress = [
    'out_time_ms=150000',
    'out_time=00:00:00.150000',
    'progress=continue',
    'out_time=00:30:00.010884',
    'progress=end',
  ].join('\n');
  assert.equal(parseProgressOutTime(progress), 1800.010884);
  assert.equal(parseProgressOutTime('out_time=-577014:32:22.775808\nprogress=end'), 0);
  assert.equal(parseProgressOutTime('progress=end'), null);
});
