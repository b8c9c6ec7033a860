import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { FileRepository } from '../../src/repositories/file.repository.js';
import { api, createAccount, startServer } from '../helpers/server.js';

test('an upload cut off by a crash can be sent again after restart; its partial file is removed', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-upload-crash-'));
  try {
    let server = await startServer({}, { dataDir });
    const { token, account_id } = await createAccount(server);
    const grant = (
      await api(server, 'POST', '/api/v2/svc/tool/create_upload_url', {
        token,
        body: { file_extension: 'png' },
      })
    ).body;
    // What a crash mid-upload leaves: the file claimed by a process that is gone (this pid under
    // another run id, as after a restart), a partial blob on disk.
    const claimed = await new FileRepository(server.container.db).claimForUpload(
      grant.file_id,
      `${hostname()}/${process.pid}/crashedrun`,
      new Date().toISOString(),
    );
    assert.equal(claimed, true);
    const partial = join(dataDir, 'blobs', 'uploads', account_id, `${grant.file_id}.png.part-123-456`);
    await mkdir(join(dataDir, 'blobs', 'uploads', account_id), { recursive: true });
    await writeFile(partial, Buffer.alloc(10));
    // Left by a crash two hours ago: a partial being written is touched by every chunk.
    const past = new Date(Date.now() - 2 * 3600_000);
    await utimes(partial, past, past);
    await server.close();

    server = await startServer({}, { dataDir, port: server.port });
    try {
      assert.equal(existsSync(partial), false);
      const put = await fetch(grant.upload_url, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(50),
      });
      assert.equal(put.status, 200);
    } finally {
      await server.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
