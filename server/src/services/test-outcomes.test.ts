import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isAppError } from '../errors/app-error.js';
import { SvcCode } from '../errors/codes.js';
import { liveTokenRefusal, testPreferences } from './test-mode.js';
import {
  checkOutcomeFor,
  FAIL_CODES,
  outcomeError,
  outcomeOfId,
  readTestPreferences,
  REFUSE_CODES,
  testTaskOf,
} from './test-outcomes.js';

const refusedWith = (f: () => unknown, pattern: RegExp) =>
  assert.throws(f, (e) => isAppError(e) && e.code === SvcCode.InvalidParameter && pattern.test(e.message));

test('every code a submission or a task can give has a test outcome, with the realistic message', () => {
  const all = Object.values(SvcCode).filter((c) => c !== SvcCode.Ok && c !== SvcCode.InvalidToken);
  assert.deepEqual([...REFUSE_CODES].sort(), [...all].sort(), 'every code but 0 and 2003 at submission');
  assert.deepEqual([...FAIL_CODES].sort(), [1002, 1011, 2013, 2014, 2015, 2016, 99].sort());
  for (const code of REFUSE_CODES) {
    const e = outcomeError(code, 'video_tts');
    assert.equal(e.code, code);
    assert.match(e.message, /\S.* \(test outcome\)$/);
  }
  assert.match(outcomeError(1006, 'video_tts').message, /^video_tts needs plan 'pro'/);
});

test('reserved ids name their outcome; unknown ones and codes a task cannot end with are refused', () => {
  assert.deepEqual(outcomeOfId('avatar', 'test_fail_2014'), { kind: 'fail', code: 2014 });
  assert.deepEqual(outcomeOfId('voice', 'test_refuse_1002'), { kind: 'refuse', code: 1002 });
  assert.deepEqual(outcomeOfId('avatar', 'test_wait'), { kind: 'wait' });
  refusedWith(() => outcomeOfId('avatar', 'test_fail_1015'), /1015 is given at submission only/);
  refusedWith(() => outcomeOfId('avatar', 'test_refuse_2003'), /can be refused with 11, 14/);
  refusedWith(() => outcomeOfId('voice', 'test_fail'), /voice 'test_fail' is not a reserved test id/);
  refusedWith(() => outcomeOfId('voice', 'test_wait_10s'), /not a reserved test id/);
});

test('Prefer: outcome preferences are read; anything else of likeness is refused by name', () => {
  assert.deepEqual(testPreferences('respond-async, likeness-outcome=fail; code=2014'), [
    'likeness-outcome=fail; code=2014',
  ]);
  assert.deepEqual(testPreferences(['return=minimal', 'Likeness-Outcome=wait']), ['Likeness-Outcome=wait']);
  const outcome = (p: string[]) => readTestPreferences(p).outcome;
  assert.deepEqual(outcome(['likeness-outcome=fail; code=2014']), { kind: 'fail', code: 2014 });
  assert.deepEqual(outcome(['likeness-outcome=refuse;code=1002']), { kind: 'refuse', code: 1002 });
  assert.deepEqual(outcome(['likeness-outcome=wait']), { kind: 'wait' });
  assert.deepEqual(readTestPreferences([]), { outcome: null, callback: null, delaySec: null });
  assert.deepEqual(readTestPreferences(['likeness-callback=out-of-order', 'likeness-outcome=wait']), {
    outcome: { kind: 'wait' },
    callback: 'out-of-order',
    delaySec: null,
  });
  refusedWith(
    () => readTestPreferences(['likeness-speed=fast']),
    /'likeness-speed=fast' is not a preference/,
  );
  assert.equal(readTestPreferences(['likeness-delay=30s']).delaySec, 30);
  assert.equal(readTestPreferences(['likeness-delay=2m']).delaySec, 120);
  refusedWith(() => readTestPreferences(['likeness-delay=11m']), /a delay is 1 to 600 seconds/);
  assert.deepEqual(outcomeOfId('avatar', 'test_slow_45s'), { kind: 'slow', seconds: 45 });
  refusedWith(() => readTestPreferences(['likeness-outcome=fail; code=abc']), /is malformed/);
  refusedWith(() => readTestPreferences(['likeness-outcome=explode']), /is malformed/);
  refusedWith(
    () => readTestPreferences(['likeness-callback=twice']),
    /is malformed.*likeness-callback=duplicate\|late/,
  );
  refusedWith(
    () => readTestPreferences(['likeness-outcome=wait', 'likeness-outcome=fail; code=2014']),
    /one likeness-outcome per request/,
  );
});

test('a live token may not ask for test outcomes; other ids and preferences pass', () => {
  assert.equal(liveTokenRefusal({ avatar: 'a_123', voice: 'pub-en-emma' }, 'respond-async'), null);
  assert.equal(liveTokenRefusal({ title: 'test_fail_2014' }, undefined), null, 'only id fields are read');
  assert.match(
    liveTokenRefusal({ avatar: 'test_fail_2014' }, undefined) ?? '',
    /^avatar 'test_fail_2014': test outcomes need a test token \(lk_test_…\)/,
  );
  assert.match(liveTokenRefusal(null, 'likeness-outcome=wait') ?? '', /^Prefer: likeness-outcome=wait:/);
});

test('avatar and voice submissions: each kind of task fails only with its own codes, and never waits', () => {
  assert.equal(testTaskOf(undefined, 'avatar', 'avatar_image'), null);
  assert.equal(testTaskOf({ outcome: null, callback: null, delaySec: null }, 'voice', 'voice_clone'), null);
  assert.deepEqual(
    testTaskOf(
      { outcome: { kind: 'fail', code: 2015 }, callback: 'late', delaySec: 5 },
      'avatar',
      'avatar_video',
    ),
    {
      input: { testOutcome: { kind: 'fail', code: 2015 }, testDelaySec: 5, testCallback: 'late' },
      runsTestJob: true,
    },
  );
  assert.deepEqual(testTaskOf({ outcome: null, callback: 'drop', delaySec: null }, 'voice', 'voice_clone'), {
    input: { testCallback: 'drop' },
    runsTestJob: false,
  });
  refusedWith(
    () =>
      testTaskOf(
        { outcome: { kind: 'fail', code: 2015 }, callback: null, delaySec: null },
        'voice',
        'voice_clone',
      ),
    /a voice task can fail with 1011, 2013, 99, not 2015/,
  );
  refusedWith(
    () => testTaskOf({ outcome: { kind: 'wait' }, callback: null, delaySec: null }, 'avatar', 'avatar_image'),
    /cannot be asked to wait/,
  );
  assert.throws(
    () =>
      testTaskOf(
        { outcome: { kind: 'refuse', code: 1013 }, callback: null, delaySec: null },
        'voice',
        'voice_clone',
      ),
    (e) => isAppError(e) && e.code === 1013 && /\(test outcome\)$/.test(e.message),
  );
  assert.doesNotThrow(() => checkOutcomeFor('work', { kind: 'fail', code: 2014 }));
  refusedWith(() => checkOutcomeFor('work', { kind: 'fail', code: 1011 }), /a work task can fail with 1002/);
});
