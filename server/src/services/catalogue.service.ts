import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { iso, type Clock } from '../lib/clock.js';
import {
  LIVELY_TEMPLATES,
  PUBLIC_AVATAR_ART,
  renderTemplatePreview,
  type LivelyTemplate,
} from '../media/art/index.js';
import { COVER_STYLES, renderCoverPreview, type CoverStyle } from '../media/cover/index.js';
import { PUBLIC_VOICE_PRESETS, type PublicVoicePreset } from '../media/speech/index.js';
import type { AvatarRepository } from '../repositories/avatar.repository.js';
import type { VoiceRepository } from '../repositories/voice.repository.js';
import type { BlobStore } from '../storage/blob-store.js';

export type CatalogueAsset = 'template-cover' | 'template-demo' | 'cover-style' | 'voice-demo';

/**
 * What ships with the service: public avatars and voices (seeded into the database at start),
 * lively templates and cover styles (served from the engine's definitions). Preview images and
 * demo videos are rendered on first request and kept in the blob store.
 */
export class CatalogueService {
  private readonly inFlight = new Map<string, Promise<string>>();
  private demoRenderer: ((t: LivelyTemplate, outPath: string) => Promise<void>) | null = null;
  private voiceDemoRenderer: ((p: PublicVoicePreset, outPath: string) => Promise<void>) | null = null;

  constructor(
    private readonly avatars: AvatarRepository,
    private readonly voices: VoiceRepository,
    private readonly blobs: BlobStore,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly log: Logger,
    /** This process's own scratch directory (other processes may render the same asset at once). */
    private readonly scratchDir: string,
  ) {}

  /** The template demo needs the whole render pipeline; the container wires it in. */
  setDemoRenderer(fn: (t: LivelyTemplate, outPath: string) => Promise<void>): void {
    this.demoRenderer = fn;
  }

  /** A public voice's demo needs the speech engine and the audio renderer; the container wires it in. */
  setVoiceDemoRenderer(fn: (p: PublicVoicePreset, outPath: string) => Promise<void>): void {
    this.voiceDemoRenderer = fn;
  }

  async seed(): Promise<void> {
    const now = iso(this.clock.now());
    const haveAvatars = new Set((await this.avatars.getPublic()).map((a) => a.id));
    for (const art of PUBLIC_AVATAR_ART) {
      const key = `catalogue/avatars/${art.id}.png`;
      if (!(await this.blobs.stat(key))) {
        const tmp = join(this.scratchDir, `${art.id}.png`);
        await mkdir(this.scratchDir, { recursive: true });
        await art.renderPng(tmp);
        await this.blobs.putFile(key, tmp);
      }
      if (haveAvatars.has(art.id)) continue;
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
    const haveVoices = new Map((await this.voices.getPublic()).map((v) => [v.id, v]));
    for (const p of PUBLIC_VOICE_PRESETS) {
      const profile = p.settings.profile ? JSON.stringify(p.settings.profile) : null;
      const have = haveVoices.get(p.id);
      if (have) {
        // Presets are ours: a newer engine may describe the same voice more fully (formants, tilt).
        if (have.profile !== profile || have.title !== p.title) {
          await this.voices.update(p.id, { profile, title: p.title });
          await this.blobs.delete(`catalogue/voices/${p.id}/demo.mp3`);
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
    this.log.info(
      { avatars: PUBLIC_AVATAR_ART.length, voices: PUBLIC_VOICE_PRESETS.length },
      'catalogue ready',
    );
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

  /** Blob key of a catalogue asset, rendered once (concurrent first requests share one render). */
  async asset(kind: CatalogueAsset, id: string): Promise<string | null> {
    const voice = kind === 'voice-demo' ? PUBLIC_VOICE_PRESETS.find((p) => p.id === id) : undefined;
    const template = kind === 'cover-style' || kind === 'voice-demo' ? undefined : this.getTemplate(id);
    const style = kind === 'cover-style' ? this.getCoverStyle(id) : undefined;
    if (!template && !style && !voice) return null;
    const key =
      kind === 'template-cover'
        ? `catalogue/templates/${id}/cover.png`
        : kind === 'template-demo'
          ? `catalogue/templates/${id}/demo.mp4`
          : kind === 'voice-demo'
            ? `catalogue/voices/${id}/demo.mp3`
            : `catalogue/cover-styles/${id}.png`;
    if (await this.blobs.stat(key)) return key;
    const running = this.inFlight.get(key);
    if (running) return running;
    const job = (async () => {
      await mkdir(this.scratchDir, { recursive: true });
      const tmp = join(this.scratchDir, key.replace(/\//g, '_'));
      if (kind === 'template-cover') await renderTemplatePreview(template!, tmp);
      else if (kind === 'cover-style') await renderCoverPreview(style!, tmp);
      else if (voice) {
        if (!this.voiceDemoRenderer) throw new Error('voice demo renderer not configured');
        await this.voiceDemoRenderer(voice, tmp);
      } else {
        if (!this.demoRenderer) throw new Error('demo renderer not configured');
        await this.demoRenderer(template!, tmp);
      }
      await this.blobs.putFile(key, tmp);
      return key;
    })().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, job);
    return job;
  }
}
