import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { JobName, type JobQueue } from '../jobs/job-queue.js';
import { iso, type Clock } from '../lib/clock.js';
import { LIVELY_TEMPLATES, PUBLIC_AVATAR_ART, type LivelyTemplate } from '../media/art/index.js';
import { COVER_STYLES, type CoverStyle } from '../media/cover/index.js';
import { PUBLIC_VOICE_PRESETS } from '../media/speech/index.js';
import type { AvatarRepository } from '../repositories/avatar.repository.js';
import type { VoiceRepository } from '../repositories/voice.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { catalogueAvatarKey, catalogueVoiceDemoKey, type CatalogueAsset } from '../storage/blob-keys.js';
import { catalogueItem, catalogueItems, type CatalogueItem } from './catalogue-items.js';

export type { CatalogueItem } from './catalogue-items.js';

/**
 * Where a catalogue asset is: shipped with the build (`file`, an absolute path), in the store
 * (`key`), being rendered, or not an item of the catalogue at all.
 */
export type CatalogueAssetState =
  | { state: 'ready'; file: string; size: number }
  | { state: 'ready'; key: string; size: number }
  | { state: 'preparing' }
  | { state: 'unknown' };

/**
 * What ships with the service: public avatars and voices (seeded into the database at start),
 * lively templates and cover styles (served from the engine's definitions). Their previews and demos
 * ship with the build (`npm run build` renders them into the server's dist/catalogue, decision S18);
 * one the build did not ship is rendered once by the catalogue.render job and kept in the blob store.
 * An HTTP request never renders one, it asks for it and is told to come back (decision S15).
 */
export class CatalogueService {
  /** The renders the seed found missing and queued, until each settles (see `settled`). */
  private rendering: { keys: Set<string>; total: number; failed: number; since: number } | null = null;

  constructor(
    private readonly avatars: AvatarRepository,
    private readonly voices: VoiceRepository,
    private readonly blobs: BlobStore,
    private readonly queue: Pick<JobQueue, 'enqueue'>,
    private readonly config: Pick<Config, 'server' | 'catalogue'>,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** This process's own scratch directory (other processes may seed at the same time). */
    private readonly scratchDir: string,
  ) {}

  /**
   * Seeds the public avatars (their pictures are needed by the rows, so they are drawn now, at start)
   * and voices, then queues the previews and demos neither shipped with the build nor rendered yet
   * (unless the operator turned that off: they are then rendered when first asked for); a build that
   * shipped them all leaves nothing to queue. Every serving process seeds; all of it is
   * idempotent, and a render is queued once however many processes ask.
   */
  async seed(): Promise<void> {
    await this.seedAvatars();
    await this.seedVoices();
    const counts = { avatars: PUBLIC_AVATAR_ART.length, voices: PUBLIC_VOICE_PRESETS.length };
    const what = `${counts.avatars} public avatars and ${counts.voices} voices`;
    const items = this.items();
    const unshipped: CatalogueItem[] = [];
    for (const item of items) if (!(await this.shipped(item))) unshipped.push(item);
    const shipped = items.length - unshipped.length;
    if (unshipped.length === 0) {
      this.log.info(
        { ...counts, shipped, missing: 0 },
        `catalogue ready: ${what}, every preview and demo shipped with the build`,
      );
      return;
    }
    if (!this.config.catalogue.prerender) {
      this.log.info(
        { ...counts, shipped },
        `catalogue ready: ${what}; previews and demos render when first asked for`,
      );
      return;
    }
    const missing = await this.notStored(unshipped);
    if (missing.length === 0) {
      this.log.info(
        { ...counts, shipped, missing: 0 },
        `catalogue ready: ${what}, every preview and demo rendered`,
      );
      return;
    }
    // Before queueing: a render may settle as soon as it is queued.
    this.rendering = {
      keys: new Set(missing.map((i) => i.key)),
      total: missing.length,
      failed: 0,
      since: this.clock.now().getTime(),
    };
    let queued = 0;
    for (const item of missing) if (await this.prepare(item)) queued++;
    this.log.info(
      { ...counts, shipped, missing: missing.length, queued },
      `catalogue seeded: ${what}; ${missing.length} previews and demos render in the background`,
    );
  }

  /**
   * A render of the catalogue settled (the catalogue.render job): rendered, or given up. When the
   * last of those the seed found missing settles, one line sums them up; each render's own lines are
   * debug. Renders that run in other processes (`likeness worker`) are summed up by none.
   */
  settled(key: string, ok: boolean): void {
    const r = this.rendering;
    if (!r?.keys.delete(key)) return;
    if (!ok) r.failed++;
    if (r.keys.size > 0) return;
    this.rendering = null;
    const seconds = Math.round((this.clock.now().getTime() - r.since) / 1000);
    const line = { rendered: r.total - r.failed, failed: r.failed, seconds };
    const msg = `catalogue ready: ${line.rendered} assets rendered in ${seconds} s`;
    if (r.failed === 0) this.log.info(line, msg);
    else this.log.warn(line, `${msg}; ${r.failed} failed (their errors are logged above)`);
  }

  private async seedAvatars(): Promise<void> {
    const now = iso(this.clock.now());
    const have = new Set((await this.avatars.getPublic()).map((a) => a.id));
    for (const art of PUBLIC_AVATAR_ART) {
      const key = catalogueAvatarKey(art.id);
      if (!(await this.blobs.stat(key))) {
        const tmp = join(this.scratchDir, `${art.id}.png`);
        await mkdir(this.scratchDir, { recursive: true });
        await art.renderPng(tmp);
        await this.blobs.putFile(key, tmp);
      }
      if (have.has(art.id)) continue;
      await this.avatars.createIfAbsent({
        id: art.id,
        account_id: null,
        scope: 'public',
        title: art.title,
        source: 'catalogue',
        source_key: null,
        state: 'ready',
        media_key: key,
        media_kind: 'image',
        width: art.width,
        height: art.height,
        duration_sec: null,
        face: JSON.stringify({ illustrated: true, mouth: art.mouth }),
        motion: 'subtle',
        task_id: null,
        created_at: now,
        deleted_at: null,
      });
    }
  }

  private async seedVoices(): Promise<void> {
    const now = iso(this.clock.now());
    const have = new Map((await this.voices.getPublic()).map((v) => [v.id, v]));
    for (const p of PUBLIC_VOICE_PRESETS) {
      const profile = p.settings.profile ? JSON.stringify(p.settings.profile) : null;
      const row = have.get(p.id);
      if (row) {
        // Presets are ours: a newer engine may describe the same voice more fully (formants, tilt).
        // The demo the build shipped is of this engine's preset already; the store's may be older.
        if (row.profile !== profile || row.title !== p.title) {
          await this.voices.update(p.id, { profile, title: p.title });
          await this.blobs.delete(catalogueVoiceDemoKey(p.id));
        }
        continue;
      }
      await this.voices.createIfAbsent({
        id: p.id,
        account_id: null,
        type: 10,
        title: p.title,
        language: p.language,
        state: 'ready',
        profile,
        rate: p.settings.rate.toFixed(1),
        volume: p.settings.volume.toFixed(1),
        pitch: p.settings.pitch.toFixed(1),
        sample_key: null,
        demo_key: null,
        task_id: null,
        created_at: now,
        deleted_at: null,
      });
    }
  }

  /** Every asset of the catalogue: each template's cover and demo, each style's preview, each public voice's demo. */
  items(): CatalogueItem[] {
    return catalogueItems();
  }

  /** One asset of the catalogue, or null when `id` names no such template, style or voice. */
  item(kind: CatalogueAsset, id: string): CatalogueItem | null {
    return catalogueItem(kind, id);
  }

  /**
   * Where an asset is. The one the build shipped comes first: it is of this build's engine, while a
   * copy in the store may have been rendered by an older one. One neither shipped nor in the store is
   * queued for rendering (once: the blob key is the job's dedupe key) and reported as being prepared.
   */
  async asset(kind: CatalogueAsset, id: string): Promise<CatalogueAssetState> {
    const item = this.item(kind, id);
    if (!item) return { state: 'unknown' };
    const shipped = await this.shipped(item);
    if (shipped) return { state: 'ready', ...shipped };
    const stored = await this.blobs.stat(item.key);
    if (stored) return { state: 'ready', key: item.key, size: stored.size };
    await this.prepare(item);
    return { state: 'preparing' };
  }

  /** Queues a render of every asset neither shipped nor in the store yet; returns how many were queued now. */
  async prepareMissing(): Promise<number> {
    const unshipped: CatalogueItem[] = [];
    for (const item of this.items()) if (!(await this.shipped(item))) unshipped.push(item);
    let queued = 0;
    for (const item of await this.notStored(unshipped)) if (await this.prepare(item)) queued++;
    return queued;
  }

  /** The file the build shipped for `item` (cli/catalogue-ship.ts), or null. */
  private async shipped(item: CatalogueItem): Promise<{ file: string; size: number } | null> {
    const dir = this.config.catalogue.shippedDir;
    if (dir === null) return null;
    const file = join(dir, item.key);
    const s = await stat(file).catch(() => null);
    return s?.isFile() ? { file, size: s.size } : null;
  }

  /** Those of `items` not in the store yet. */
  private async notStored(items: CatalogueItem[]): Promise<CatalogueItem[]> {
    const out: CatalogueItem[] = [];
    for (const item of items) if (!(await this.blobs.stat(item.key))) out.push(item);
    return out;
  }

  /** Queues the render of one asset; false when it is already queued or rendering. */
  private async prepare(item: CatalogueItem): Promise<boolean> {
    const payload = { kind: item.kind, id: item.id };
    return (await this.queue.enqueue(JobName.CatalogueRender, payload, { dedupeKey: item.key })) !== null;
  }

  getTemplate(id: string): LivelyTemplate | undefined {
    return LIVELY_TEMPLATES.find((t) => t.id === id);
  }

  getCoverStyle(id: string): CoverStyle | undefined {
    return COVER_STYLES.find((s) => s.id === id);
  }

  listTemplates(q: {
    template?: string;
    tag?: string;
    title?: string;
    type: number;
    page: number;
    size: number;
  }) {
    let all = LIVELY_TEMPLATES.filter((t) => t.type === q.type);
    if (q.template) all = LIVELY_TEMPLATES.filter((t) => t.id === q.template);
    if (q.tag) all = all.filter((t) => t.tags.includes(q.tag!));
    if (q.title) {
      const needle = q.title.toLowerCase();
      all = all.filter((t) => t.title.toLowerCase().includes(needle));
    }
    const base = this.config.server.publicUrl;
    const items = all.slice((q.page - 1) * q.size, q.page * q.size).map((t) => ({
      template: t.id,
      title: t.title,
      cover_url: `${base}/catalogue/templates/${t.id}/cover.png`,
      demo_url: `${base}/catalogue/templates/${t.id}/demo.mp4`,
      type: t.type,
    }));
    return { items, total: all.length };
  }

  listCoverStyles(page: number, size: number) {
    const base = this.config.server.publicUrl;
    const items = COVER_STYLES.slice((page - 1) * size, page * size).map((s) => ({
      id: s.id,
      title: s.title,
      url: `${base}/catalogue/cover-styles/${s.id}.png`,
      slots: [] as never[],
    }));
    return { items, total: COVER_STYLES.length };
  }
}
