#!/usr/bin/env node
// Renders the catalogue into the build: `node server/dist/cli/catalogue-ship.js <outDir>`, run by
// scripts/build.mjs after the server is compiled (decision S18). Each asset lands at
// `<outDir>/<its blob key>`, where CatalogueService serves it from, so a fresh install renders none.
import { mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { renderCatalogueItem } from '../jobs/handlers/catalogue-render.job.js';
import { withTmpDir } from '../jobs/handlers/job-tmp.js';
import { resolveMediaBinaries } from '../media/binaries.js';
import { createSpeechEngine } from '../media/speech/index.js';
import type { MediaToolkit } from '../media/toolkit.js';
import { catalogueItems, type CatalogueItem } from '../services/catalogue-items.js';

/** The stamp scripts/build.mjs keeps beside the shipped assets (a digest of what they are made from). */
export const SHIPPED_STAMP = '.inputs-sha256';

export interface ShipResult {
  rendered: number;
  failed: { item: CatalogueItem; error: unknown }[];
}

/**
 * Renders `items` into `outDir`, `concurrency` at a time. Each is drawn in a scratch folder inside
 * `outDir` and renamed into place, so a reader never sees half a file. An item that fails is
 * reported, not thrown, and no file of an older build is left in its place (the server renders it
 * at run time instead); files of items no longer in the catalogue are removed.
 */
export async function shipCatalogue(
  media: Pick<MediaToolkit, 'speech' | 'bins'>,
  items: CatalogueItem[],
  outDir: string,
  opts: { concurrency?: number; scratchDir?: string; signal?: AbortSignal } = {},
): Promise<ShipResult> {
  await mkdir(outDir, { recursive: true });
  const scratch = opts.scratchDir ?? (await mkdtemp(join(outDir, '.scratch-')));
  const ownScratch = opts.scratchDir === undefined;
  const signal = opts.signal ?? new AbortController().signal;
  const result: ShipResult = { rendered: 0, failed: [] };
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const target = join(outDir, item.key);
      try {
        await withTmpDir(scratch, 'item', async (tmp) => {
          const out = join(tmp, basename(item.key));
          await renderCatalogueItem(media, item, out, tmp, signal);
          await mkdir(dirname(target), { recursive: true });
          await rename(out, target);
        });
        result.rendered++;
      } catch (error) {
        await rm(target, { force: true });
        result.failed.push({ item, error });
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 2) }, worker));
  } finally {
    if (ownScratch) await rm(scratch, { recursive: true, force: true });
  }
  await removeOthers(outDir, new Set([SHIPPED_STAMP, ...items.map((i) => i.key)]), [scratch]);
  return result;
}

/**
 * Removes every file under `dir` whose path (relative, with `/`) is not in `keep`, and the folders
 * left empty; `skip` folders are left alone.
 */
async function removeOthers(dir: string, keep: Set<string>, skip: string[], root = dir): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (skip.includes(path)) continue;
    if (entry.isDirectory()) {
      await removeOthers(path, keep, skip, root);
      await rmdir(path).catch(() => undefined); // kept when not empty
    } else if (!keep.has(relative(root, path).split('\\').join('/'))) {
      await rm(path, { force: true });
    }
  }
}

async function main(outDir: string): Promise<void> {
  outDir = resolve(outDir);
  const started = performance.now();
  await mkdir(outDir, { recursive: true });
  const scratchDir = await mkdtemp(join(outDir, '.scratch-'));
  // The build runs before any configuration is read; of it, only where ffmpeg is matters here
  // (the same variables as config.ts's media.ffmpegPath / ffprobePath).
  const bins = resolveMediaBinaries({
    ffmpeg: process.env.FFMPEG_PATH?.trim() || undefined,
    ffprobe: process.env.FFPROBE_PATH?.trim() || undefined,
  });
  const speech = createSpeechEngine({ ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe, tmpDir: scratchDir });
  let result: ShipResult;
  try {
    result = await shipCatalogue({ bins, speech }, catalogueItems(), outDir, { scratchDir });
  } finally {
    await speech.close();
    await rm(scratchDir, { recursive: true, force: true });
  }
  for (const { item, error } of result.failed) {
    const why = error instanceof Error ? error.message : String(error);
    console.warn(
      `catalogue: warning: ${item.kind} ${item.id} not rendered (${why}); the server renders it when first asked for`,
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = relative(process.cwd(), outDir) || '.';
  const failed = result.failed.length > 0 ? `; ${result.failed.length} failed` : '';
  console.log(`catalogue: ${result.rendered} assets rendered into ${where} in ${seconds} s${failed}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node server/dist/cli/catalogue-ship.js <outDir>');
    process.exit(2);
  }
  await main(outDir);
}
