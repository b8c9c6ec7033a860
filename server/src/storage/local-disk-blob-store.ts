import { createHash, randomBytes } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, copyFile, lstat, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidBlobKey,
  BlobNotFoundError,
  BlobTooLargeError,
  InvalidBlobKeyError,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';

/**
 * What a write in progress is named: `<key>.part-<pid>-<ms>-<random>`, renamed onto the key when
 * complete. The random tail lets two writes of one key in the same millisecond coexist; names
 * without it are what older versions left behind, and are swept too.
 */
const PARTIAL = /\.part-\d+-\d+(?:-[0-9a-f]+)?$/;

/** Blobs as files under one root directory. Keys are relative paths like `works/<task>/video.mp4`. */
export class LocalDiskBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertValidBlobKey(key);
    // A key named like a partial would be removed by sweepPartials.
    if (PARTIAL.test(key)) throw new InvalidBlobKeyError(key, 'it ends like a partial write (.part-…)');
    const p = join(this.root, key);
    if (!p.startsWith(this.root + sep)) throw new InvalidBlobKeyError(key, 'it leaves the blob directory');
    return p;
  }

  private partialOf(target: string): string {
    return `${target}.part-${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}`;
  }

  async write(key: string, source: Readable, opts: { maxBytes?: number; contentType?: string } = {}) {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = this.partialOf(target);
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
    const partial = this.partialOf(target);
    try {
      await copyFile(localPath, partial, constants.COPYFILE_EXCL);
      await rename(partial, target);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async toLocalPath(key: string): Promise<string> {
    const path = this.pathOf(key);
    if (!(await this.stat(key))) throw new BlobNotFoundError(key);
    return path;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const path = this.pathOf(key);
    try {
      const s = await stat(path);
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    // Opening first turns a missing file into a rejection here rather than a stream error later.
    const handle = await open(path, 'r').catch((err: unknown) => {
      throw isMissing(err) ? new BlobNotFoundError(key) : err;
    });
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new BlobNotFoundError(key);
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async presignedDownloadUrl(key: string): Promise<null> {
    this.pathOf(key);
    return null;
  }

  /**
   * Removes partial files (`<key>.part-…`) whose mtime is more than `olderThanMs` old. A write in
   * progress touches its partial with every chunk, so other processes sharing the directory keep
   * theirs; a write whose partial was removed under it fails at its rename and stores nothing.
   */
  async sweepPartials(olderThanMs: number): Promise<number> {
    const entries = await readdir(this.root, { recursive: true }).catch((err: unknown) => {
      if (isMissing(err)) return [] as string[];
      throw err;
    });
    const now = Date.now();
    let removed = 0;
    for (const rel of entries) {
      if (!PARTIAL.test(rel)) continue;
      const path = join(this.root, rel);
      try {
        const s = await lstat(path);
        if (!s.isFile() || (olderThanMs > 0 && now - s.mtimeMs < olderThanMs)) continue;
        await unlink(path);
        removed++;
      } catch (err) {
        // Renamed or removed by its writer (or another sweeper) since readdir: nothing to do.
        if (!isMissing(err)) throw err;
      }
    }
    return removed;
  }

  async ping(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
      await access(this.root, constants.W_OK);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new Error(
        `the blob directory ${this.root} is not usable (${why}); make it a writable directory, ` +
          'or point LIKENESS_DATA_DIR at one',
        { cause: err },
      );
    }
  }

  async close(): Promise<void> {}
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
