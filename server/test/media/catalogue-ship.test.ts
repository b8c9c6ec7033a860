import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { shipCatalogue } from '../../src/cli/catalogue-ship.js';
import { LIVELY_TEMPLATES } from '../../src/media/art/index.js';
import { COVER_STYLES } from '../../src/media/cover/index.js';
import type { SpeechEngine } from '../../src/media/speech/index.js';
import { catalogueItem, type CatalogueItem } from '../../src/services/catalogue-items.js';
import { bins } from '../helpers/media-fixtures.js';
import { strictFake } from '../helpers/strict-fake.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

test('the build ships each item at its key, reports one that fails, and leaves nothing stale', async (t) => {
  const out = await mkdtemp(join(tmpdir(), 'likeness-ship-'));
  t.after(() => rm(out, { recursive: true, force: true }));
  const cover = catalogueItem('template-cover', LIVELY_TEMPLATES[0]!.id)!;
  const style = catalogueItem('cover-style', COVER_STYLES[0]!.id)!;
  const voice = catalogueItem('voice-demo', 'pub-en-olivia')!;
  // A previous build: a demo of an older engine where this one fails, an asset no longer in the
  // catalogue, and a scratch folder a killed build left.
  for (const stale of [voice.key, 'catalogue/templates/gone/cover.png', '.scratch-old/x.wav']) {
    await mkdir(dirname(join(out, stale)), { recursive: true });
    await writeFile(join(out, stale), 'old');
  }
  await writeFile(join(out, '.inputs-sha256'), 'stamp');
  const speech = strictFake<SpeechEngine>('speech', {
    synthesize: async () => {
      throw new Error('no voice today');
    },
  });
  const items: CatalogueItem[] = [cover, style, voice];
  const result = await shipCatalogue({ bins, speech }, items, out);

  assert.equal(result.rendered, 2);
  assert.deepEqual(
    result.failed.map((f) => [f.item.key, (f.error as Error).message]),
    [[voice.key, 'no voice today']],
  );
  assert.deepEqual(await filesUnder(out), ['.inputs-sha256', cover.key, style.key].sort());
  for (const key of [cover.key, style.key]) {
    assert.deepEqual((await readFile(join(out, key))).subarray(0, 4), PNG, key);
  }
});
