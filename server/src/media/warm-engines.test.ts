import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Detection, FaceDetector } from './face/detector.js';
import type { SpeechEngine, VoiceSettings } from './speech/index.js';
import { SPEECH_WARM_UP, WARM_UP_PORTRAIT, warmMediaEngines } from './warm-engines.js';

/** A speech engine that records what it was asked to say and writes a stand-in file. */
function recordingSpeech(spoken: { text: string; profiled: boolean }[]): SpeechEngine {
  return {
    synthesize: async (text: string, voice: VoiceSettings, out: string) => {
      spoken.push({ text, profiled: voice.profile !== null });
      await writeFile(out, 'RIFF');
      return {} as never;
    },
  } as unknown as SpeechEngine;
}

/** A face detector whose every search finds `found`; records the size of each picture searched. */
function recordingFaces(looked: string[], found: Detection) {
  return async () =>
    ({
      find: async (image: { width: number; height: number }) => {
        looked.push(`${image.width}x${image.height}`);
        return found;
      },
    }) as unknown as FaceDetector;
}

test('the warm-up speaks sentences in the plain voice, then a public voice, and searches the portrait', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'likeness-warm-'));
  const spoken: { text: string; profiled: boolean }[] = [];
  const looked: string[] = [];
  try {
    // The fake detector finds no face in the portrait, so the warm-up rejects; the assertions
    // below check that every speech step had run by then and that the scratch file is gone.
    await assert.rejects(
      warmMediaEngines({
        speech: recordingSpeech(spoken),
        faces: recordingFaces(looked, { boxes: [], faces: [] }),
        tmpDir: join(dir, 'scratch'),
      }),
      /the warm-up portrait showed no face/,
    );
    assert.deepEqual(
      spoken,
      SPEECH_WARM_UP.map((s) => ({ text: s.text, profiled: s.voice.profile !== null })),
    );
    assert.deepEqual(
      spoken.map((s) => s.profiled),
      [false, false, true],
      'a public voice last: its measuring and levelling run too',
    );
    assert.ok(spoken[0]!.text.split(' ').length >= 8, 'a sentence, not a word');
    assert.deepEqual(looked, ['192x192'], 'the portrait, read from the package');
    assert.deepEqual(readdirSync(join(dir, 'scratch')), []);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the warm-up portrait is a file beside the face model, under models/', () => {
  assert.match(WARM_UP_PORTRAIT, /[/\\]models[/\\]warm-up[/\\]portrait\.jpg$/);
});
