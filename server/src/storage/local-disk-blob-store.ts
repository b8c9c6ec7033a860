import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobTooLargeError, type BlobStore } from './blob-store.js';

/** Blobs as files under one root directory. Keys are relative paths like `works/<task>/video.mp4`. */
export class LocalDiskBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const p = normalize(join(this.root, key));
    if (!p.startsWith(this.root + sep)) throw new Error(`invalid blob key: ${key}`);
    return p;
  }

  async write(key: string, source: Readable, opts: { maxBytes?: number } = {}) {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.part-${process.pid}-${Date.now()}`;
    const hash = createHash('sha256');
    let bytes = 0;
    const max = opts.maxBytes ?? Number.POSITIVE_INFINITY;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        if (bytes > max) return cb(new BlobTooLargeError(max));
        hash.update(chunk);
        cb(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { bytes, sha256: hash.digest('hex') };
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.part-${process.pid}-${Date.now()}`;
    await copyFile(localPath, partial);
    await rename(partial, target);
  }

  async toLocalPath(key: string): Promise<string> {
    return this.pathOf(key);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  /** Removes partial files a crashed write left behind (writes go to `<key>.part-…`, then rename). */
  async sweepPartials(): Promise<number> {
    let removed = 0;
    const entries = await readdir(this.root, { recursive: true }).catch(() => [] as string[]);
    for (const rel of entries) {
      if (/\.part-\d+-\d+$/.test(rel)) {
        await rm(join(this.root, rel), { force: true });
        removed++;
      }
    }
    return removed;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
