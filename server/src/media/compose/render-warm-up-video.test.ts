import assert from 'node:assert/strict';
import { test } from 'node:test';
import { warmUpJob } from './render-warm-up-video.js';

test("the warm-up's render is a small picture avatar speaking two seconds of syllables", () => {
  const { job, picture, speech } = warmUpJob('/scratch/w');
  assert.equal(job.avatar.kind, 'image');
  assert.ok(job.avatar.kind === 'image' && job.avatar.motion === 'subtle', 'blinks and head motion');
  const face = job.avatar.face!;
  assert.deepEqual([face.width, face.height], [240, 320]);
  assert.deepEqual([job.output.width, job.output.height, job.output.fps], [240, 320, 25]);
  assert.equal(picture.pixels.length, 240 * 320 * 3);
  assert.deepEqual(picture.raw, { width: 240, height: 320, channels: 3 });
  // The face sits inside the picture.
  const pts = face.samples[0]!.points;
  for (let k = 0; k < pts.length; k += 2) {
    assert.ok(pts[k]! > 0 && pts[k]! < 240 && pts[k + 1]! > 0 && pts[k + 1]! < 320);
  }
  assert.equal(speech.length, 2 * 16_000);
  assert.equal(job.speech.durationSec, 2);
  const phonemes = job.phonemes!.phonemes;
  assert.equal(phonemes[0]!.startSec, 0);
  assert.ok(Math.abs(phonemes.at(-1)!.endSec - 2) < 1e-9, 'phonemes over the whole speech');
  for (const p of [job.avatar.path, job.speech.path, job.output.path, job.still!.path]) {
    assert.ok(p.startsWith('/scratch/w/'), p);
  }
});
