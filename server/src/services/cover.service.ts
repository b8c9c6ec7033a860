import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, ERRORS } from '../errors/app-error.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { deriveSlotValues, renderCover } from '../media/cover/index.js';
import type { AvatarRepository } from '../repositories/avatar.repository.js';
import type { CoverRepository } from '../repositories/cover.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { Caller } from './account.service.js';
import type { CatalogueService } from './catalogue.service.js';
import type { UrlSigner } from './url-signer.js';

export interface CoverRequest {
  template: string;
  avatar?: string;
  content?: string;
  slots?: { name?: string; label?: string; value?: string; max_length?: number; min_length?: number }[];
  canvas_preset?: string;
  output_format?: string;
  svc_id?: string;
}

/** Requires svc_id when the token was issued for a third-party agent platform. */
export function requireSvcId(caller: Caller, svcId: string | undefined): void {
  if (caller.agentPlatform && !svcId?.trim()) {
    throw ERRORS.invalid(
      'svc_id is required: this token was issued for a third-party agent platform; send the user identifier as svc_id',
    );
  }
}

/** Covers are made synchronously: rendering one takes well under a second. */
export class CoverService {
  constructor(
    private readonly covers: CoverRepository,
    private readonly avatars: AvatarRepository,
    private readonly catalogue: CatalogueService,
    private readonly blobs: BlobStore,
    private readonly urls: UrlSigner,
    private readonly clock: Clock,
  ) {}

  async create(caller: Caller, p: CoverRequest): Promise<{ cover_id: string; url: string }> {
    requireSvcId(caller, p.svc_id);
    const style = this.catalogue.getCoverStyle(p.template);
    if (!style) throw ERRORS.unknownItem('cover style', p.template, 'GET /api/v2/svc/project/cover_styles');
    if (!p.content?.trim() && !(p.slots && p.slots.length > 0))
      throw ERRORS.invalid('send content or slots (at least one)');
    const canvas = p.canvas_preset ?? '9:16';
    if (canvas !== '9:16' && canvas !== '3:4')
      throw ERRORS.invalid(`canvas_preset must be 9:16 or 3:4; got '${canvas}'`);
    const format = p.output_format ?? 'jpg';
    if (format !== 'jpg' && format !== 'png')
      throw ERRORS.invalid(`output_format must be jpg or png; got '${format}'`);

    const values: Record<string, string> = p.content?.trim() ? deriveSlotValues(style, p.content) : {};
    for (const s of p.slots ?? []) {
      if (!s.name) throw ERRORS.invalid('every slot needs a name');
      const def = style.slots.find((d) => d.name === s.name);
      if (!def)
        throw ERRORS.invalid(
          `slot '${s.name}' is not part of style '${style.id}'; its slots are ${style.slots.map((d) => d.name).join(', ')}`,
        );
      const value = s.value ?? '';
      const max = s.max_length ?? def.max_length;
      const min = s.min_length ?? def.min_length;
      if ([...value].length > max) throw ERRORS.invalid(`slot '${s.name}' is longer than ${max} characters`);
      if ([...value].length < min) throw ERRORS.invalid(`slot '${s.name}' is shorter than ${min} characters`);
      values[s.name] = value;
    }

    let avatarPath: string | undefined;
    const tmp = await mkdtemp(join(tmpdir(), 'likeness-cover-'));
    try {
      if (p.avatar) {
        const a = await this.avatars.getUsable(p.avatar, caller.accountId);
        if (!a || a.state !== 'ready' || !a.media_key) throw ERRORS.notFound('avatar', p.avatar);
        avatarPath = await this.posterOf(a.media_key, a.media_kind, tmp);
      }
      const id = newId('cov');
      const out = join(tmp, `${id}.${format}`);
      const size = await renderCover({
        style,
        values,
        avatarImagePath: avatarPath,
        canvas,
        format,
        outPath: out,
      });
      const key = `covers/${caller.accountId}/${id}.${format}`;
      await this.blobs.putFile(key, out);
      await this.covers.create({
        id,
        account_id: caller.accountId,
        style_id: style.id,
        blob_key: key,
        format,
        width: size.width,
        height: size.height,
        created_at: iso(this.clock.now()),
      });
      return { cover_id: id, url: this.urls.downloadUrl(key) };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw ERRORS.internal(err);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  /** The still image of an avatar: its image, or its stored poster frame for video avatars. */
  private async posterOf(mediaKey: string, kind: string | null, tmp: string): Promise<string> {
    const key = kind === 'video' ? mediaKey.replace(/[^/]+$/, 'poster.png') : mediaKey;
    return this.blobs.toLocalPath(key, tmp);
  }
}
