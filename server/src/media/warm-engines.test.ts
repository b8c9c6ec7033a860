import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { FaceDetector } from './face/index.js';
import type { SpeechEngine } from './speech/index.js';
import { warmMediaEngines } from './warm-engines.js';

test('warming speaks a word and looks for a face once, leaving no file behind', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'likeness-warm-'));
  const spoken: string[] = [];
  const looked: number[] = [];
  try {
    const speech = {
      synthesize: async (text: string, _voice: unknown, out: string) => {
        spoken.push(text);
        await writeFile(out, 'RIFF');
        return {} as never;
      },
    } as unknown as SpeechEngine;
    const faces = async () =>
      ({
        find: async (image: { width: number }) => {
          looked.push(image.width);
          return { boxes: [], faces: [] };
        },
      }) as unknown as FaceDetector;
    await warmMediaEngines({ speech, faces, tmpDir: join(dir, 'scratch') });
    assert.deepEqual(spoken, ['Hello.']);
    assert.deepEqual(looked, [64]);
    assert.deepEqual(readdirSync(join(dir, 'scratch')), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
