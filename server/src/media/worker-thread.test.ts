import assert from 'node:assert/strict';
import { getPriority } from 'node:os';
import { test } from 'node:test';
import { entryWithNiceness, WorkerThreadClient, type WorkerReply } from './worker-thread.js';

// A worker that answers each request with its own thread's nice value.
const probe = {
  script:
    "const { parentPort } = require('node:worker_threads'); const os = require('node:os');" +
    'parentPort.on("message", (m) => parentPort.postMessage({ id: m.id, ok: true, message: String(os.getPriority()) }));',
  eval: true,
};

test('an entry is left as it is without a niceness or off Linux', () => {
  const url = new URL('file:///x/engine.js');
  assert.deepEqual(entryWithNiceness({ script: url, eval: false }, 0), { script: url, eval: false });
  assert.deepEqual(entryWithNiceness(probe, 10, 'darwin'), probe);
  const lowered = entryWithNiceness({ script: url, eval: false }, 10, 'linux');
  assert.equal(lowered.eval, true);
  assert.match(String(lowered.script), /setPriority\(10\).*import\("file:\/\/\/x\/engine\.js"\)/);
});

test(
  'a worker started with a niceness runs below the calling thread',
  // A process already started at nice 7 or more (under `nice`) cannot be lowered to 7.
  { skip: process.platform !== 'linux' || getPriority() >= 7 },
  async () => {
    const base = getPriority(); // 0 unless started under `nice`
    const client = new WorkerThreadClient<{ id: number }, WorkerReply>(() => probe, 'probe', { niceness: 7 });
    const plain = new WorkerThreadClient<{ id: number }, WorkerReply>(() => probe, 'probe');
    try {
      assert.equal((await client.request({})).message, '7');
      assert.equal((await plain.request({})).message, String(base));
      assert.equal(getPriority(), base);
    } finally {
      await client.close();
      await plain.close();
    }
  },
);

// A worker that reports progress twice before its answer, fails with a media binary's error when
// asked to, and on a cancellation says which request it stopped (as a reply to a later request).
const stepper = {
  script: `const { parentPort } = require('node:worker_threads');
    let stopped = [];
    parentPort.on('message', (m) => {
      if (m.op === 'cancel') { stopped.push(m.id); return; }
      if (m.op === 'stopped') { parentPort.postMessage({ id: m.id, ok: true, message: stopped.join(',') }); return; }
      if (m.op === 'fail') {
        parentPort.postMessage({ id: m.id, ok: false, message: 'exit 1',
          error: { name: 'FfmpegError', message: 'ffmpeg exited with code 1', exitCode: 1, stderrTail: 'bad input' } });
        return;
      }
      if (m.op === 'hang') return;
      parentPort.postMessage({ id: m.id, ok: true, progress: 0.25 });
      parentPort.postMessage({ id: m.id, ok: true, progress: 0.5 });
      parentPort.postMessage({ id: m.id, ok: true, message: 'done' });
    });`,
  eval: true,
};

test('interim progress reaches the caller and the final reply settles the request', async () => {
  const client = new WorkerThreadClient<{ id: number; op: string }, WorkerReply>(() => stepper, 'stepper');
  try {
    const seen: number[] = [];
    const reply = await client.request({ op: 'work' }, { onProgress: (f) => seen.push(f) });
    assert.equal(reply.message, 'done');
    assert.deepEqual(seen, [0.25, 0.5]);
  } finally {
    await client.close();
  }
});

test("a worker's media-binary failure is rethrown as its class", async () => {
  const { FfmpegError } = await import('./run-errors.js');
  const client = new WorkerThreadClient<{ id: number; op: string }, WorkerReply>(() => stepper, 'stepper');
  try {
    await assert.rejects(
      client.request({ op: 'fail' }),
      (err) => err instanceof FfmpegError && err.exitCode === 1 && err.stderrTail === 'bad input',
    );
  } finally {
    await client.close();
  }
});

test('an aborted request rejects at once and, where the worker takes them, posts its cancellation', async () => {
  const cancelling = new WorkerThreadClient<{ id: number; op: string }, WorkerReply>(
    () => stepper,
    'stepper',
    {
      cancelMessage: (id) => ({ id, op: 'cancel' }),
    },
  );
  const plain = new WorkerThreadClient<{ id: number; op: string }, WorkerReply>(() => stepper, 'stepper');
  try {
    for (const client of [cancelling, plain]) {
      const stop = new AbortController();
      const hanging = client.request({ op: 'hang' }, { signal: stop.signal });
      stop.abort(new Error('enough'));
      await assert.rejects(hanging, /enough/);
    }
    assert.equal((await cancelling.request({ op: 'stopped' })).message, '1');
    assert.equal((await plain.request({ op: 'stopped' })).message, '');
  } finally {
    await cancelling.close();
    await plain.close();
  }
});
