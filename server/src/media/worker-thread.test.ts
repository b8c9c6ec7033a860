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
  { skip: process.platform !== 'linux' },
  async () => {
    const client = new WorkerThreadClient<{ id: number }, WorkerReply>(() => probe, 'probe', { niceness: 7 });
    const plain = new WorkerThreadClient<{ id: number }, WorkerReply>(() => probe, 'probe');
    try {
      assert.equal((await client.request({})).message, '7');
      assert.equal((await plain.request({})).message, '0');
      assert.equal(getPriority(), 0);
    } finally {
      await client.close();
      await plain.close();
    }
  },
);
