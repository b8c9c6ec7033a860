import { basename, join } from 'node:path';
import type { Logger } from 'pino';
import { renderTemplatePreview } from '../../media/art/index.js';
import { renderCoverPreview } from '../../media/cover/index.js';
import type { MediaToolkit } from '../../media/toolkit.js';
import type { CatalogueItem } from '../../services/catalogue-items.js';
import type { CatalogueService } from '../../services/catalogue.service.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { catalogueAssetKey } from '../../storage/blob-keys.js';
import { JobName, type JobHandler } from '../job-queue.js';
import { withTmpDir } from './job-tmp.js';
import { renderTemplateDemo } from './template-demo.js';
import { renderVoiceDemo } from './voice-demo.js';

/** What rendering the catalogue uses. */
export interface CatalogueRenderDeps {
  catalogue: Pick<CatalogueService, 'item' | 'settled'>;
  blobs: BlobStore;
  media: MediaToolkit;
  log: Logger;
}

/**
 * Draws one catalogue asset into `out` (its files in `tmp`): this job's renders and the build's
 * (cli/catalogue-ship.ts), which ships the whole catalogue with the server.
 */
export async function renderCatalogueItem(
  media: Pick<MediaToolkit, 'speech' | 'bins'>,
  item: CatalogueItem,
  out: string,
  tmp: string,
  signal: AbortSignal,
): Promise<void> {
  switch (item.kind) {
    case 'template-cover':
      return renderTemplatePreview(item.template, out);
    case 'template-demo':
      return renderTemplateDemo(media, item.template, out, tmp, signal);
    case 'cover-style':
      return renderCoverPreview(item.style, out);
    case 'voice-demo':
      return renderVoiceDemo(media, item.voice.settings, out, tmp, signal);
  }
}

/**
 * Renders a preview or demo of the catalogue that the build did not ship (queued by CatalogueService
 * at start or when first asked for) and keeps it in the blob store, where the catalogue routes serve
 * it from.
 */
export function catalogueRenderJob(d: CatalogueRenderDeps): JobHandler<'catalogue.render'> {
  return {
    name: JobName.CatalogueRender,
    async run({ kind, id }, ctx) {
      const item = d.catalogue.item(kind, id);
      // Queued by an older engine that shipped this item: nothing to render.
      if (!item) {
        d.log.warn({ kind, id }, 'catalogue item no longer exists; not rendered');
        return;
      }
      // Rendered meanwhile (another process's job, before this one was queued).
      if (!(await d.blobs.stat(item.key))) {
        await withTmpDir(d.media.tmpDir, 'catalogue', async (tmp) => {
          const out = join(tmp, basename(item.key));
          await renderCatalogueItem(d.media, item, out, tmp, ctx.signal);
          await d.blobs.putFile(item.key, out);
        });
        // Debug: the catalogue sums its renders up in one line when the last one settles.
        d.log.debug({ key: item.key }, 'catalogue asset rendered');
      }
      d.catalogue.settled(item.key, true);
    },
    async onGiveUp({ kind, id }) {
      d.catalogue.settled(catalogueAssetKey(kind, id), false);
    },
  };
}
