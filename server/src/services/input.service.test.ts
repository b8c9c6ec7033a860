import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SafeFetcher } from '../net/safe-fetch.js';
import type { FileRepository } from '../repositories/file.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { strictFake } from '../../test/helpers/strict-fake.js';
import { InputService } from './input.service.js';

/** An input service over one stored upload of acc_1 (the parts acquire reads of its ports). */
function serviceWith(sha256: string | null) {
  const file = {
    id: 'f_1',
    account_id: 'acc_1',
    state: 'ready',
    blob_key: 'uploads/f_1.mp4',
    size_bytes: 1234,
    sha256,
  };
  const files = strictFake<FileRepository>('files', {
    get: async (id, accountId) =>
      id === file.id && accountId === file.account_id
        ? (file as Awaited<ReturnType<FileRepository['get']>>)
        : undefined,
  });
  const blobs = strictFake<BlobStore>('blobs', { toLocalPath: async (key, dir) => `${dir}/${key}` });
  return new InputService(files, blobs, strictFake<SafeFetcher>('fetcher', {}));
}

const acquire = (s: InputService) =>
  s.acquire('acc_1', { fileId: 'f_1' }, 'video', 1e9, '/tmp/job', new AbortController().signal);

test('an uploaded file comes with the SHA-256 taken as it was stored, so no job hashes it again', async () => {
  const hex = 'ab'.repeat(32);
  assert.deepEqual(await acquire(serviceWith(hex)), {
    path: '/tmp/job/uploads/f_1.mp4',
    bytes: 1234,
    origin: 'file:f_1',
    sha256: hex,
  });
  // A file stored without one (none is, since uploads hash as they store): the job hashes it.
  assert.equal((await acquire(serviceWith(null))).sha256, undefined);
});

test('a fetched file comes with the SHA-256 taken as it was downloaded', async () => {
  const hex = 'cd'.repeat(32);
  const fetcher: SafeFetcher = {
    fetchToFile: async (url, path) => ({
      path,
      bytes: 42,
      contentType: 'video/mp4',
      finalUrl: url,
      sha256: hex,
    }),
  };
  const service = new InputService(
    strictFake<FileRepository>('files', {}),
    strictFake<BlobStore>('blobs', {}),
    fetcher,
  );
  const url = 'https://media.example/clip.mp4';
  const got = await service.acquire('acc_1', { url }, 'video', 1e9, '/tmp/job', new AbortController().signal);
  assert.deepEqual(got, { path: '/tmp/job/input-video', bytes: 42, origin: url, sha256: hex });
});
