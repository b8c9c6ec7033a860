/**
 * The visible AIGC label in the video's language, from the voice and text a work is made with to the
 * drawtext argument of the final encode (the same builders a render uses), and drawn with the shipped
 * font: every label's glyphs exist in it, and each label is rendered to
 * server/test-output/aigc-labels/<language>.png for a person to look at.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { VoiceRow } from '../../src/db/schema.js';
import { voiceSettingsFor } from '../../src/jobs/handlers/work-sources.js';
import { aigcLabelText } from '../../src/media/compose/index.js';
import { framesOnStdin, planFinalPass } from '../../src/media/compose/talking-video-plan.js';
import { aigcMarkFilter } from '../../src/media/compose/video-filters.js';
import { talkingVideoArgs } from '../../src/media/ffmpeg/talking-video-args.js';
import {
  cmapLookup,
  fontOffsets,
  missingGlyphs,
  parseTableDirectory,
  shippedRegularFontFile,
} from '../../src/media/fonts/index.js';
import { PUBLIC_VOICE_PRESETS } from '../../src/media/speech/presets.js';
import { SPEECH_LANGUAGES } from '../../src/media/speech/languages.js';
import { ffmpeg, readPixels, testOutputDir } from './compose-fixtures.js';

/** A stored public voice as the render job reads it (only what voiceSettingsFor looks at). */
function publicVoice(id: string): VoiceRow {
  const p = PUBLIC_VOICE_PRESETS.find((v) => v.id === id);
  assert.ok(p, id);
  return {
    id,
    language: p.language,
    state: 'ready',
    deleted_at: null,
    profile: null,
    rate: '1',
    volume: '1',
    pitch: '1',
  } as VoiceRow;
}

/** The drawtext filter of the final encode of a work spoken by `voiceId` reading `text`. */
async function markOfWork(voiceId: string, text: string): Promise<string> {
  const voices = { getForJob: async (id: string) => publicVoice(id) };
  const voice = await voiceSettingsFor(voices, voiceId, text);
  const spec = planFinalPass({
    output: { path: '/o/w.mp4', width: 360, height: 640, fps: 25 },
    avatar: framesOnStdin({ width: 360, height: 640 }, 25),
    durationSec: 1.52,
    layout: null,
    posterPath: null,
    audioPath: '/w/speech.wav',
    subtitles: null,
    aigc: { text: aigcLabelText(voice.language), fontFile: '/f/N.otf', produceId: 't_1' },
  });
  const args = talkingVideoArgs(spec);
  const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
  const mark = graph.split(/[;,]/).find((f) => f.includes('drawtext='));
  assert.ok(mark, graph);
  return mark;
}

test('an English video is marked "AI-generated", a Chinese one "AI生成" (the drawtext argument)', async () => {
  assert.match(await markOfWork('pub-en-emma', 'Hello from likeness.'), /:text=AI-generated:/);
  assert.match(await markOfWork('pub-zh-xiaoyun', '你好，欢迎使用。'), /:text=AI生成:/);
  // Text in another language than the voice's is spoken (and marked) in the text's language.
  assert.match(await markOfWork('pub-en-emma', '你好，欢迎使用数字人。'), /:text=AI生成:/);
  assert.match(
    await markOfWork('pub-zh-xiaoyun', 'The weather is nice and the sun is out today.'),
    /:text=AI-generated:/,
  );
});

test('every label is drawn by the shipped font, without boxes', async () => {
  const file = shippedRegularFontFile();
  const buf = await readFile(file);
  const cmap = parseTableDirectory(buf, fontOffsets(buf)[0]!).get('cmap');
  assert.ok(cmap);
  const lookup = cmapLookup(buf.subarray(cmap.offset, cmap.offset + cmap.length));
  const out = path.join(testOutputDir, 'aigc-labels');
  await mkdir(out, { recursive: true });
  const canvas = { width: 360, height: 100, fps: 25 };
  for (const lang of SPEECH_LANGUAGES.filter((l) => !l.startsWith('zh_'))) {
    const label = aigcLabelText(lang);
    assert.deepEqual(missingGlyphs(lookup, label), [], `${lang}: ${label}`);
    const png = path.join(out, `${lang}.png`);
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `color=c=0x3070a0:s=${canvas.width}x${canvas.height}`,
      '-vf',
      aigcMarkFilter(label, file, canvas, 'top-left'),
      '-frames:v',
      '1',
      png,
    ]);
    // Drawn: white text pixels inside the mark's box.
    const { data } = await readPixels(png);
    let white = 0;
    for (let i = 0; i < data.length; i += 3) if ((data[i] ?? 0) > 200 && (data[i + 2] ?? 0) > 200) white++;
    assert.ok(white > 5, `${lang}: ${white} text pixels`);
  }
});
