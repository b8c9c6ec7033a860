import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { FetchRefusedError } from './fetch-refused-error.js';

/**
 * Streams a 2xx response body to `destPath` through `destPath + '.part'`, renamed into place only once
 * the whole body arrived; on any failure the part file is deleted and `destPath` is left untouched.
 * Refuses 'too-large' as soon as Content-Length or the bytes counted so far exceed `maxBytes` (the
 * header alone cannot be trusted: it may be absent or lie). A broken transfer is 'network'; local file
 * system errors are rethrown as they are. Returns the byte count and the body's SHA-256, taken as it
 * streams (so a job that needs the file's hash does not read it a second time).
 */
export async function saveBody(
  res: IncomingMessage,
  url: string,
  destPath: string,
  maxBytes: number,
): Promise<{ bytes: number; sha256: string }> {
  const declared = res.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) {
    res.destroy();
    throw new FetchRefusedError(
      'too-large',
      url,
      `Content-Length ${declared} exceeds the ${maxBytes}-byte limit`,
    );
  }

  const partPath = `${destPath}.part`;
  let file: fs.FileHandle | null = null;
  try {
    file = await fs.open(partPath, 'w');
    let bytes = 0;
    const hash = createHash('sha256');
    const chunks = res[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch (err) {
        throw new FetchRefusedError('network', url, 'download broke off', { cause: err });
      }
      if (next.done) break;
      bytes += next.value.length;
      if (bytes > maxBytes) {
        throw new FetchRefusedError('too-large', url, `body exceeds the ${maxBytes}-byte limit`);
      }
      hash.update(next.value);
      await file.write(next.value);
    }
    // A body cut short by the server ends the stream without an error on some paths; check explicitly.
    if (!res.complete) throw new FetchRefusedError('network', url, 'download broke off');
    await file.close();
    file = null;
    await fs.rename(partPath, destPath);
    return { bytes, sha256: hash.digest('hex') };
  } catch (err) {
    res.destroy();
    await file?.close().catch(() => undefined);
    await fs.rm(partPath, { force: true }).catch(() => undefined);
    throw err;
  }
}
