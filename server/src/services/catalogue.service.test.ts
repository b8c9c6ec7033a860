import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import pino from 'pino';
import type { Config } from '../config.js';
import type { AvatarRow, VoiceRow } from '../db/schema.js';
import type { EnqueueOptions, JobPayloads, JobQueue } from '../jobs/job-queue.js';
import { systemClock } from '../lib/clock.js';
import { LIVELY_TEMPLATES, PUBLIC_AVATAR_ART } from '../media/art/index.js';
import { COVER_STYLES } from '../media/cover/index.js';
import { PUBLIC_VOICE_PRESETS } from '../media/speech/index.js';
import type { AvatarRepository } from '../repositories/avatar.repository.js';
import type { VoiceRepository } from '../repositories/voice.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { strictFake } from '../../test/helpers/strict-fake.js';
import { catalogueItems } from './catalogue-items.js';
import { CatalogueService } from './catalogue.service.js';

type Enqueued = [string, JobPayloads['catalogue.render'], EnqueueOptions | undefined];

/**
 * A catalogue over a store holding `stored` (besides the public avatars' pictures) and a queue that
 * records what is enqueued, and, like the real one, enqueues a dedupe key once while it is live.
 */
function catalogue(
  opts: {
    stored?: string[];
    prerender?: boolean;
    shippedDir?: string;
    lines?: Record<string, unknown>[];
  } = {},
) {
  const stored = new Set(opts.stored ?? []);
  const enqueued: Enqueued[] = [];
  const live = new Set<string>();
  const blobs = strictFake<BlobStore>('blobs', {
    stat: async (key: string) =>
      stored.has(key) || key.startsWith('catalogue/avatars/') ? { size: key.length } : null,
  });
  const queue = strictFake<JobQueue>('queue', {
    enqueue: async (name, payload, o) => {
      enqueued.push([name, payload as JobPayloads['catalogue.render'], o]);
      if (o?.dedupeKey && live.has(o.dedupeKey)) return null;
      if (o?.dedupeKey) live.add(o.dedupeKey);
      return `job_${enqueued.length}`;
    },
  });
  // Every public avatar and voice is seeded already, as they are: seeding writes nothing.
  const avatars = strictFake<AvatarRepository>('avatars', {
    getPublic: async () => PUBLIC_AVATAR_ART.map((a) => ({ id: a.id }) as AvatarRow),
  });
  const voices = strictFake<VoiceRepository>('voices', {
    getPublic: async () =>
      PUBLIC_VOICE_PRESETS.map(
        (p) =>
          ({
            id: p.id,
            title: p.title,
            profile: p.settings.profile ? JSON.stringify(p.settings.profile) : null,
          }) as VoiceRow,
      ),
  });
  const config = {
    server: { publicUrl: 'http://likeness.test' },
    catalogue: { prerender: opts.prerender ?? true, shippedDir: opts.shippedDir ?? null },
  } as Pick<Config, 'server' | 'catalogue'>;
  const service = new CatalogueService(
    avatars,
    voices,
    blobs,
    queue,
    config,
    systemClock,
    opts.lines
      ? pino({ level: 'debug' }, { write: (l: string) => void opts.lines!.push(JSON.parse(l)) })
      : pino({ level: 'silent' }),
    '/nonexistent',
  );
  return { service, enqueued, stored };
}

test('an asset in the store is served; a missing one is queued once, by its blob key, and is being prepared', async () => {
  const t = LIVELY_TEMPLATES[0]!;
  const { service, enqueued } = catalogue({ stored: [`catalogue/templates/${t.id}/cover.png`] });
  assert.deepEqual(await service.asset('template-cover', t.id), {
    state: 'ready',
    key: `catalogue/templates/${t.id}/cover.png`,
    size: `catalogue/templates/${t.id}/cover.png`.length,
  });
  assert.deepEqual(await service.asset('template-demo', t.id), { state: 'preparing' });
  assert.deepEqual(await service.asset('template-demo', t.id), { state: 'preparing' });
  const key = `catalogue/templates/${t.id}/demo.mp4`;
  assert.deepEqual(enqueued, [
    ['catalogue.render', { kind: 'template-demo', id: t.id }, { dedupeKey: key }],
    ['catalogue.render', { kind: 'template-demo', id: t.id }, { dedupeKey: key }],
  ]);
});

test('an id the catalogue does not hold is unknown, and nothing is queued for it', async () => {
  const { service, enqueued } = catalogue();
  assert.deepEqual(await service.asset('voice-demo', 'no-such-voice'), { state: 'unknown' });
  assert.deepEqual(await service.asset('cover-style', 'pub-en-olivia'), { state: 'unknown' });
  assert.deepEqual(await service.asset('template-cover', COVER_STYLES[0]!.id), { state: 'unknown' });
  assert.deepEqual(enqueued, []);
});

test('seeding queues every preview and demo not in the store yet', async () => {
  const style = COVER_STYLES[0]!;
  const { service, enqueued } = catalogue({ stored: [`catalogue/cover-styles/${style.id}.png`] });
  await service.seed();
  const kinds = (k: string) => enqueued.filter(([, p]) => p.kind === k).map(([, p]) => p.id);
  assert.deepEqual(
    kinds('template-cover'),
    LIVELY_TEMPLATES.map((t) => t.id),
  );
  assert.deepEqual(
    kinds('template-demo'),
    LIVELY_TEMPLATES.map((t) => t.id),
  );
  assert.deepEqual(
    kinds('cover-style'),
    COVER_STYLES.slice(1).map((s) => s.id),
  );
  assert.deepEqual(
    kinds('voice-demo'),
    PUBLIC_VOICE_PRESETS.map((v) => v.id),
  );
  for (const [name, , o] of enqueued) {
    assert.equal(name, 'catalogue.render');
    assert.match(o?.dedupeKey ?? '', /^catalogue\//);
  }
  // Another process starting meanwhile queues nothing new: the renders' keys are live.
  assert.equal(await service.prepareMissing(), 0);
});

test('with prerendering off, seeding queues nothing: each asset is rendered when first asked for', async () => {
  const { service, enqueued } = catalogue({ prerender: false });
  await service.seed();
  assert.deepEqual(enqueued, []);
});

test('the catalogue sums its renders up in one line when the last one settles', async () => {
  const lines: Record<string, unknown>[] = [];
  const { service, enqueued } = catalogue({ lines });
  await service.seed();
  const keys = enqueued.map(([, , o]) => o!.dedupeKey!);
  assert.ok(keys.length > 2);
  assert.match(
    String(lines.at(-1)!.msg),
    /^catalogue seeded: .*; \d+ previews and demos render in the background$/,
  );
  assert.equal(lines.at(-1)!.missing, keys.length);
  service.settled('catalogue/not-one-of-them.png', true);
  for (const key of keys.slice(1)) service.settled(key, true);
  assert.ok(!lines.some((l) => String(l.msg).startsWith('catalogue ready')));
  service.settled(keys[0]!, false);
  service.settled(keys[0]!, true); // settled already: no second line
  const ready = lines.filter((l) => String(l.msg).startsWith('catalogue ready'));
  assert.equal(ready.length, 1);
  assert.match(
    String(ready[0]!.msg),
    new RegExp(`^catalogue ready: ${keys.length - 1} assets rendered in \\d+ s; 1 failed`),
  );
  assert.deepEqual([ready[0]!.level, ready[0]!.rendered, ready[0]!.failed], [40, keys.length - 1, 1]);
});

test('a catalogue rendered before says it is ready at start', async () => {
  const { service, enqueued } = catalogue();
  await service.seed();
  const lines: Record<string, unknown>[] = [];
  const again = catalogue({ lines, stored: enqueued.map(([, , o]) => o!.dedupeKey!) });
  await again.service.seed();
  assert.deepEqual(again.enqueued, []);
  assert.match(
    String(lines.at(-1)!.msg),
    /^catalogue ready: \d+ public avatars and \d+ voices, every preview and demo rendered$/,
  );
});

/** A shipped catalogue (as cli/catalogue-ship.ts writes it) holding `keys`, each file its key's bytes. */
async function shippedDir(keys: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'likeness-shipped-'));
  for (const key of keys) {
    await mkdir(dirname(join(dir, key)), { recursive: true });
    await writeFile(join(dir, key), key);
  }
  return dir;
}

test('an asset the build shipped is served from its file, before any copy in the store', async (t) => {
  const tpl = LIVELY_TEMPLATES[0]!;
  const key = `catalogue/templates/${tpl.id}/demo.mp4`;
  const dir = await shippedDir([key]);
  t.after(() => rm(dir, { recursive: true, force: true }));
  const { service, enqueued } = catalogue({ shippedDir: dir, stored: [key] });
  assert.deepEqual(await service.asset('template-demo', tpl.id), {
    state: 'ready',
    file: join(dir, key),
    size: Buffer.byteLength(key),
  });
  // One not shipped comes from the store, or is queued, as without a shipped catalogue.
  assert.deepEqual(await service.asset('template-cover', tpl.id), { state: 'preparing' });
  assert.deepEqual(
    enqueued.map(([, p]) => p),
    [{ kind: 'template-cover', id: tpl.id }],
  );
});

test('seeding queues only what the build did not ship; with everything shipped, nothing', async (t) => {
  const keys = catalogueItems().map((i) => i.key);
  const some = await shippedDir(keys.slice(1));
  const all = await shippedDir(keys);
  t.after(() => Promise.all([some, all].map((d) => rm(d, { recursive: true, force: true }))));

  const partly = catalogue({ shippedDir: some });
  await partly.service.seed();
  assert.deepEqual(
    partly.enqueued.map(([, , o]) => o?.dedupeKey),
    [keys[0]],
  );

  const lines: Record<string, unknown>[] = [];
  const shipped = catalogue({ shippedDir: all, lines });
  await shipped.service.seed();
  assert.deepEqual(shipped.enqueued, []);
  assert.equal(await shipped.service.prepareMissing(), 0);
  assert.match(
    String(lines.at(-1)!.msg),
    /^catalogue ready: \d+ public avatars and \d+ voices, every preview and demo shipped with the build$/,
  );
  assert.equal(lines.at(-1)!.shipped, keys.length);
});
