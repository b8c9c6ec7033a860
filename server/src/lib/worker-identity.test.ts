import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isProvablyGone, newWorkerIdentity } from './worker-identity.js';

describe('worker identity', () => {
  const self = 'box/100/aaaaaaaaaa';
  const alive = (pids: number[]) => (pid: number) => pids.includes(pid);

  it('names host, pid and run', () => {
    const id = newWorkerIdentity();
    const [, pid, run] = id.split('/');
    assert.equal(pid, String(process.pid));
    assert.equal(run?.length, 10);
    assert.notEqual(newWorkerIdentity(), id);
  });

  it('a holder on this host whose pid is dead is gone', () => {
    assert.equal(isProvablyGone('box/200/bbbbbbbbbb', self, alive([])), true);
  });

  it('a holder on this host whose pid lives is left to its lease', () => {
    assert.equal(isProvablyGone('box/200/bbbbbbbbbb', self, alive([200])), false);
  });

  it('an earlier run under this very pid is gone', () => {
    assert.equal(isProvablyGone('box/100/cccccccccc', self, alive([100])), true);
  });

  it('this process itself is not gone', () => {
    assert.equal(isProvablyGone(self, self, alive([])), false);
  });

  it('a holder on another host, or an unreadable one, is left to its lease', () => {
    assert.equal(isProvablyGone('other/200/bbbbbbbbbb', self, alive([])), false);
    assert.equal(isProvablyGone('w_abc', self, alive([])), false);
    assert.equal(isProvablyGone('box/x/bbbbbbbbbb', self, alive([])), false);
  });
});
