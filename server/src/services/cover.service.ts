import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, ERRORS } from '../errors/app-error.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import {
  assignSlots,
  CoverSlotError,
  deriveSlotValues,
  describeSlot,
  slotsCutToFit,
  type CoverCanvas,
  type CoverRenderer,
  type CoverSlotInput,
  type CoverStyle,
  type SlotAssignment,
} from '../media/cover/index.js';
import type { AvatarRepository } from '../repositories/avatar.repository.js';
import type { CoverRepository } from '../repositories/cover.repository.js';
import { avatarPosterKey, coverKey } from '../storage/blob-keys.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { Caller } from './account.service.js';
import type { CatalogueService } from './catalogue.service.js';
import type { UrlSigner } from './url-signer.js';

export interface CoverRequest {
  template: string;
  avatar?: string;
  content?: string;
  slots?: CoverSlotInput[];
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

/**
 * Covers are made while the client waits (the spec's answer carries the cover's url): the request is
 * checked here, and the drawing goes to the renderer, a bounded pool of worker threads, so that the
 * HTTP thread never does the pixel work and a burst of covers queues instead of piling up.
 */
export class CoverService {
  constructor(
    private readonly covers: CoverRepository,
    private readonly avatars: AvatarRepository,
    private readonly catalogue: CatalogueService,
    private readonly renderer: Pick<CoverRenderer, 'render'>,
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

    const values = this.valuesFor(style, p, canvas);

    let avatarPath: string | undefined;
    const tmp = await mkdtemp(join(tmpdir(), 'likeness-cover-'));
    try {
      if (p.avatar) {
        const a = await this.avatars.getUsable(p.avatar, caller.accountId);
        if (!a || a.state !== 'ready' || !a.media_key) throw ERRORS.notFound('avatar', p.avatar);
        // The figure is the avatar's picture, or the still frame stored for a video avatar.
        const still = a.media_kind === 'video' ? avatarPosterKey(a.id) : a.media_key;
        avatarPath = await this.blobs.toLocalPath(still, tmp);
      }
      const id = newId('cov');
      const out = join(tmp, `${id}.${format}`);
      const size = await this.renderer.render({
        style,
        values,
        avatarImagePath: avatarPath,
        canvas,
        format,
        outPath: out,
      });
      const key = coverKey(caller.accountId, id, format);
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
      return { cover_id: id, url: await this.urls.downloadUrl(key) };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw ERRORS.internal(err);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  /**
   * The text of each area: derived from `content` when it is sent, then the explicit slots on top
   * (placed by name, label or order). Explicit text is rendered whole or refused with 11, never cut.
   */
  private valuesFor(style: CoverStyle, p: CoverRequest, canvas: CoverCanvas): Record<string, string> {
    const slots = p.slots ?? [];
    const hasContent = Boolean(p.content?.trim());
    let explicit: SlotAssignment;
    try {
      explicit = assignSlots(style, slots);
    } catch (err) {
      if (err instanceof CoverSlotError) throw ERRORS.invalid(err.message);
      throw err;
    }
    if (!hasContent && !slots.some((s) => s.value?.trim()))
      throw ERRORS.invalid('every slot value is empty: send text in at least one slot, or send content');
    const values = { ...(hasContent ? deriveSlotValues(style, p.content ?? '') : {}), ...explicit.values };
    const cut = slotsCutToFit(style, values, canvas).filter((name) => name in explicit.values);
    if (cut.length > 0) {
      const which = cut
        .map((name) => {
          const i = explicit.areas.indexOf(name);
          return `${describeSlot(slots[i] ?? {}, i)} (${name} area)`;
        })
        .join(', ');
      throw ERRORS.invalid(
        `${which}: the text does not fit its area on a ${canvas} cover of style '${style.id}' even at the smallest type size; shorten it`,
      );
    }
    return values;
  }
}
