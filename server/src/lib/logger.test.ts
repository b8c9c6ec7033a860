import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../config.js';
import { chooseLogFormat, createLogger, printAfterLog } from './logger.js';

test('the log format: auto is pretty on a terminal and JSON otherwise; a setting wins', () => {
  assert.equal(chooseLogFormat('auto', true), 'pretty');
  assert.equal(chooseLogFormat('auto', false), 'json');
  assert.equal(chooseLogFormat('json', true), 'json');
  assert.equal(chooseLogFormat('pretty', false), 'pretty');
  assert.equal(loadConfig({}).server.logFormat, 'auto');
  assert.equal(loadConfig({ LIKENESS_LOG_FORMAT: 'pretty' }).server.logFormat, 'pretty');
  assert.throws(
    () => loadConfig({ LIKENESS_LOG_FORMAT: 'text' }),
    (e: unknown) => {
      assert.ok(e instanceof ConfigError);
      assert.match(e.message, /LIKENESS_LOG_FORMAT=text: expected one of auto, pretty, json/);
      return true;
    },
  );
});

/** The lines a logger built as the service builds it writes, with `write` logging through it. */
async function linesOf(
  level: string,
  format: 'auto' | 'pretty' | 'json',
  write: (log: ReturnType<typeof createLogger>) => void,
): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'likeness-log-'));
  try {
    const file = join(dir, 'out.log');
    const log = createLogger(level, format, { dest: file, isTTY: false, sync: true });
    write(log);
    return (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function failing(): Error {
  const err = new Error('the store refused the write\nsecond line');
  (err as Error & { code: string }).code = 'EACCES';
  return err;
}

const hhmm = (d: Date) =>
  `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

test('pretty: one line an event, local time, level, message, ids as key=value, no JSON', async () => {
  const before = new Date();
  const lines = await linesOf('info', 'pretty', (log) => {
    const req = log.child({ request_id: 'req_abc' });
    req.info(
      { method: 'POST', url: '/api/v2/svc/audio/create_by_tts', statusCode: 200, responseTime: 12.4 },
      'request completed',
    );
    req.info({ taskId: 't_1', type: 'audio_tts', account: 'acc_1' }, 'task submitted: audio_tts');
    log.debug({ taskId: 't_1' }, 'not shown at info');
    log.child({ job: 'work.render', jobId: 'j_1' }).error({ err: failing(), taskId: 't_1' }, 'job failed');
    log.info({ ms: { tts: 120, mux: 30 }, keys: ['a', 'b'] }, 'work rendered');
  });
  assert.equal(lines.length, 4, lines.join('\n'));
  for (const line of lines) {
    assert.match(line, /^\d{2}:\d{2}:\d{2}\.\d{3} +(INFO|ERROR): \S/);
    assert.doesNotMatch(line, /[{}]/);
    // eslint-disable-next-line no-control-regex -- no colours when the output is not a terminal
    assert.doesNotMatch(line, /\u001b\[/);
  }
  // Local time (the hour and minute of now, give or take the minute turning over).
  assert.ok([hhmm(before), hhmm(new Date())].includes(lines[0]!.slice(0, 5)), lines[0]);
  assert.match(
    lines[0]!,
    / INFO: POST \/api\/v2\/svc\/audio\/create_by_tts → 200 in 12 ms {2}request_id=req_abc$/,
  );
  assert.match(
    lines[1]!,
    / INFO: task submitted: audio_tts {2}request_id=req_abc taskId=t_1 type=audio_tts account=acc_1$/,
  );
  // An error: its message (one line) and code, no stack at info.
  assert.match(
    lines[2]!,
    /ERROR: job failed {2}taskId=t_1 jobId=j_1 job=work.render err="the store refused the write second line \(code EACCES\)"$/,
  );
  assert.match(lines[3]!, /work rendered {2}ms.tts=120 ms.mux=30 keys=a,b$/);
});

test('pretty at debug: an error is followed by its stack', async () => {
  const lines = await linesOf('debug', 'pretty', (log) => log.error({ err: failing() }, 'job failed'));
  assert.match(
    lines[0]!,
    /ERROR: job failed {2}err="the store refused the write second line \(code EACCES\)"$/,
  );
  assert.match(lines[1]!, /^ {4}Error: the store refused the write$/);
  assert.ok(lines.some((l) => /^ {4}\s*at /.test(l)));
});

test('JSON (auto, not a terminal): the lines pino writes, as before', async () => {
  for (const format of ['auto', 'json'] as const) {
    const lines = await linesOf('info', format, (log) => {
      log.child({ request_id: 'req_abc' }).info({ statusCode: 200 }, 'request completed');
      log.error({ err: failing() }, 'job failed');
    });
    assert.equal(lines.length, 2);
    const [request, error] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.deepEqual(Object.keys(request!), [
      'level',
      'time',
      'pid',
      'hostname',
      'request_id',
      'statusCode',
      'msg',
    ]);
    assert.equal(request!.level, 30);
    assert.equal(typeof request!.time, 'number');
    assert.equal(request!.msg, 'request completed');
    const err = error!.err as Record<string, unknown>;
    assert.equal(err.code, 'EACCES');
    assert.match(String(err.stack), /\n\s+at /);
  }
});

test('the banner printed after the log comes after every line logged before it, in either format', async () => {
  for (const format of ['pretty', 'json'] as const) {
    const dir = await mkdtemp(join(tmpdir(), 'likeness-log-'));
    try {
      const file = join(dir, 'out.log');
      // Batched, as the service writes: a line may still wait while the banner is printed.
      const log = createLogger('info', format, { dest: file, isTTY: false });
      for (let i = 0; i < 200; i++) log.info({ i }, 'start-up line');
      printAfterLog(log, '\n----\nthe banner\n----\n\n');
      log.info('after the banner');
      let text = '';
      for (let waited = 0; !text.includes('after the banner') && waited < 5000; waited += 20) {
        await new Promise((r) => setTimeout(r, 20));
        text = await readFile(file, 'utf8');
      }
      const lines = text.split('\n');
      const banner = lines.indexOf('the banner');
      assert.equal(lines.filter((l) => l.includes('start-up line')).length, 200);
      assert.ok(lines.slice(0, banner).filter((l) => l.includes('start-up line')).length === 200, format);
      assert.ok(
        lines.slice(banner).some((l) => l.includes('after the banner')),
        format,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
});
