import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JobName, type JobHandler } from './job-queue.js';
import { buildHandlerRegistry } from './registry.js';

const handler = (name: JobName): JobHandler => ({ name, run: async () => undefined });

test('every job needs exactly one handler', () => {
  const all = Object.values(JobName).map(handler);
  assert.equal(buildHandlerRegistry(all).size, all.length);
  assert.throws(() => buildHandlerRegistry(all.slice(1)), /jobs without a handler: avatar\.create/);
  assert.throws(
    () => buildHandlerRegistry([...all, handler(JobName.WorkRender)]),
    /'work\.render' has two handlers/,
  );
});
