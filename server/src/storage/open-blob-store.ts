import { join } from 'node:path';
import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { LocalDiskBlobStore } from './local-disk-blob-store.js';

/**
 * The blob store the configuration names: S3 when `S3_*` is set, else files in the data dir. The S3
 * client is loaded only then: it is a large part of every start and admin command that never uses it.
 */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (!config.blobs.s3) return new LocalDiskBlobStore(join(config.dataDir, 'blobs'));
  const { S3BlobStore } = await import('./s3-blob-store.js');
  return new S3BlobStore(config.blobs.s3);
}
