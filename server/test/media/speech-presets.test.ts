// The public voice catalogue: every language has voices of different pitch and rate, and each speaks
// with the figures its profile promises.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import {
  PUBLIC_VOICE_PRESETS,
  SPEECH_LANGUAGES,
  createSpeechEngine,
  measureSpeechFile,
  type SpeechEngine,
  type SpeechLanguage,
} from '../../src/media/speech/index.js';

const bins = resolveMediaBinaries();
let dir = '';
let engine: SpeechEngine;

/** Long enough (two sentences) for the rate to be measured and corrected. */
const TEXTS: Partial<Record<SpeechLanguage, string>> = {
  zh: '你好，欢迎使用数字人视频生成服务。今天天气很好，我们一起去公园散步吧。',
  zh_cantonese: '你好，歡迎使用數字人視頻服務。今日天氣好好，我哋一齊去公園散步啦。',
  en: 'Hello, and welcome to the digital avatar video service. The weather is lovely today, so let us take a walk in the park.',
  de: 'Guten Tag und willkommen beim Videodienst. Heute ist das Wetter schön, also gehen wir im Park spazieren.',
  es: 'Hola y bienvenidos al servicio de vídeo. Hoy hace buen tiempo, así que vamos a pasear por el parque.',
  fr: "Bonjour et bienvenue sur le service vidéo. Il fait beau aujourd'hui, alors allons nous promener dans le parc.",
  jp: 'こんにちは、デジタルアバターのサービスへようこそ。きょうはいいてんきですね。こうえんをさんぽしましょう。',
  ko: '안녕하세요, 디지털 아바타 영상 서비스에 오신 것을 환영합니다. 오늘은 날씨가 좋네요. 공원에서 산책합시다.',
};
const textFor = (lang: SpeechLanguage) => TEXTS[lang] ?? TEXTS.zh!;
const pct = (a: number, b: number) => (100 * (a - b)) / b;

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-speech-presets-'));
  engine = createSpeechEngine({ ...bins, tmpDir: path.join(dir, 'tmp') });
});

after(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

test('every language has a high and a low voice at different rates', () => {
  assert.equal(new Set(PUBLIC_VOICE_PRESETS.map((p) => p.id)).size, PUBLIC_VOICE_PRESETS.length);
  for (const p of PUBLIC_VOICE_PRESETS) {
    assert.match(p.id, /^pub-[a-z_]+-[a-z]+$/);
    assert.ok([...p.title].length <= 20, p.title);
    assert.equal(p.settings.language, p.language);
    assert.ok(p.settings.profile?.f1Hz && p.settings.profile.tiltDbPerOct, `${p.id} has a timbre`);
  }
  for (const lang of SPEECH_LANGUAGES) {
    const voices = PUBLIC_VOICE_PRESETS.filter((p) => p.language === lang).map((p) => p.settings.profile!);
    assert.ok(voices.length >= 2, `${lang}: ${voices.length} voices`);
    const pitches = voices.map((v) => v.medianPitchHz);
    const rates = voices.map((v) => v.syllablesPerSec);
    assert.ok(Math.max(...pitches) / Math.min(...pitches) >= 1.5, `${lang}: pitches ${pitches.join(', ')}`);
    assert.ok(Math.max(...rates) - Math.min(...rates) >= 0.3, `${lang}: rates ${rates.join(', ')}`);
  }
});

test('each public voice speaks with its pitch, rate and loudness', async (t) => {
  const lines: string[] = [];
  for (const p of PUBLIC_VOICE_PRESETS) {
    const file = path.join(dir, `${p.id}.wav`);
    await engine.synthesize(textFor(p.language), p.settings, file);
    const m = await measureSpeechFile(bins.ffmpeg, file);
    const profile = p.settings.profile!;
    const pitchErr = pct(m.medianPitchHz, profile.medianPitchHz);
    const rateErr = pct(m.syllablesPerSec, profile.syllablesPerSec);
    lines.push(
      `${p.id} ${m.medianPitchHz.toFixed(0)} Hz (${pitchErr.toFixed(1)}%) ${m.syllablesPerSec.toFixed(2)} syl/s (${rateErr.toFixed(1)}%)`,
    );
    assert.ok(Math.abs(pitchErr) <= 5, `${p.id}: ${m.medianPitchHz} Hz vs ${profile.medianPitchHz}`);
    assert.ok(Math.abs(rateErr) <= 10, `${p.id}: ${m.syllablesPerSec} syl/s vs ${profile.syllablesPerSec}`);
    assert.ok(Math.abs(m.loudnessLufs - profile.loudnessLufs) <= 1, `${p.id}: ${m.loudnessLufs} LUFS`);
  }
  t.diagnostic(lines.join('; '));
});
