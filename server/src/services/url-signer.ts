import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { LRUCache } from 'lru-cache';
import type { BlobStore } from '../storage/blob-store.js';
import { signUrlParams, verifyUrlParams, type VerifyResult } from '../storage/signed-url.js';

/**
 * Builds and checks the signed URLs likeness hands out. Uploads always go to likeness's own
 * /files/upload/<file_id> (it checks type, size and expiry, then streams into the store); results
 * are the store's presigned GET where it has one (S3), likeness's own /files/<key> otherwise.
 */
export class UrlSigner {
  /**
   * Result URLs are reused until half their lifetime has passed, then signed anew: a client polling
   * a task sees one stable URL for a while, and every URL handed out still has half its life left.
   */
  private readonly downloads = new LRUCache<string, { url: string; renewAt: number }>({ max: 20_000 });

  constructor(
    private readonly config: Config,
    private readonly secret: string,
    private readonly clock: Clock,
    private readonly blobs: BlobStore,
  ) {}

  private nowSec(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  uploadUrl(fileId: string, contentType: string): { url: string; expiresAt: Date } {
    const exp = this.nowSec() + this.config.urls.uploadTtlSec;
    const { sig } = signUrlParams(this.secret, 'upload', fileId, exp, contentType);
    const q = new URLSearchParams({ exp: String(exp), sig });
    return {
      url: `${this.config.server.publicUrl}/files/upload/${fileId}?${q}`,
      expiresAt: new Date(exp * 1000),
    };
  }

  /** The download URL issued for this blob when it is still good to reuse, else undefined. */
  reusableDownloadUrl(blobKey: string): string | undefined {
    const hit = this.downloads.get(blobKey);
    return hit && hit.renewAt > this.nowSec() ? hit.url : undefined;
  }

  /**
   * A plain GET URL for a blob; works without the API token until it expires (after
   * LIKENESS_DOWNLOAD_URL_TTL). Signing is local CPU work for either store, no request.
   */
  async downloadUrl(blobKey: string): Promise<string> {
    const reusable = this.reusableDownloadUrl(blobKey);
    if (reusable) return reusable;
    const now = this.nowSec();
    const ttl = this.config.urls.downloadTtlSec;
    const url =
      (await this.blobs.presignedDownloadUrl(blobKey, { expiresInSec: ttl })) ??
      this.signDownload(blobKey, now);
    this.downloads.set(blobKey, { url, renewAt: now + Math.floor(ttl / 2) });
    return url;
  }

  private signDownload(blobKey: string, now: number): string {
    const exp = now + this.config.urls.downloadTtlSec;
    const { sig } = signUrlParams(this.secret, 'download', blobKey, exp);
    const q = new URLSearchParams({ exp: String(exp), sig });
    return `${this.config.server.publicUrl}/files/${blobKey.split('/').map(encodeURIComponent).join('/')}?${q}`;
  }

  verifyUpload(fileId: string, contentType: string, query: { exp?: unknown; sig?: unknown }): VerifyResult {
    return verifyUrlParams(this.secret, 'upload', fileId, query, this.nowSec(), contentType);
  }

  verifyDownload(blobKey: string, query: { exp?: unknown; sig?: unknown }): VerifyResult {
    return verifyUrlParams(this.secret, 'download', blobKey, query, this.nowSec());
  }
}
