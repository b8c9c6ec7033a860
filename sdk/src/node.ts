/**
 * The Node entry point of the SDK (the package's "node" export condition): everything of index.ts,
 * plus uploads from a file path, read as a stream so a large file never sits in memory.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { setFileOpener } from './upload.js';

setFileOpener({
  async open(path) {
    const s = await stat(path);
    if (!s.isFile()) throw new TypeError(`${path} is not a file`);
    return { size: s.size, stream: () => createReadStream(path) };
  },
});

export * from './index.js';
