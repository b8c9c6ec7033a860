import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { Lru } from '../lib/lru.js';
import { signUrlParams, verifyUrlParams, type VerifyResult } from '../storage/signed-url.js';

/** Builds and checks the signed URLs likeness hands out (uploads and result downloads). */
export class UrlSigner {
  /** Signed result URLs are reused until half their lifetime has passed, then signed anew. */
  private readonly downloads = new Lru<string, { url: string; renewAt: number }>(20_000);

  constructor(
    private readonly config: Config,
    private readonly secret: string,
    private readonly clock: Clock,
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

  /** A plain GET URL for a blob; works without the API token until it expires. */
  downloadUrl(blobKey: string): string {
    const now = this.nowSec();
    const hit = this.downloads.get(blobKey);
    if (hit && hit.renewAt > now) return hit.url;
    const url = this.signDownload(blobKey, now);
    this.downloads.set(blobKey, { url, renewAt: now + Math.floor(this.config.urls.downloadTtlSec / 2) });
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
