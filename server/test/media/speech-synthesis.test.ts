import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import { probeMedia } from '../../src/media/probe.js';
import {
  SPEECH_LANGUAGES,
  analyseSpeechSamples,
  createSpeechEngine,
  espeakVoiceFor,
  measureLoudnessLufs,
  type SpeechEngine,
  type SpeechLanguage,
  type SpeechResult,
  type SpeechStats,
  type VoiceProfile,
  type VoiceSettings,
} from '../../src/media/speech/index.js';
import { int16ToFloat } from '../../src/media/speech/dsp.js';
import { ESPEAK_CALIBRATION } from '../../src/media/speech/voice-plan.js';
import { parseWav, wavSamples } from '../../src/media/speech/wav.js';

const bins = resolveMediaBinaries();
let dir = '';
let engine: SpeechEngine;

/** Two sentences per language; the eight eSpeak languages double as the calibration texts. */
const TEXTS: Record<SpeechLanguage, string> = {
  zh: '你好，欢迎使用数字人视频生成服务。今天天气很好，我们一起去公园散步吧。',
  zh_cantonese: '你好，歡迎使用數字人視頻服務。今日天氣好好，我哋一齊去公園散步啦。',
  zh_sichuanese: '今天我们去吃火锅，味道巴适得很。',
  zh_shanghainese: '上海的夜景很漂亮，外滩人很多。',
  zh_tianjinese: '天津的煎饼果子很好吃。',
  zh_zhengzhounese: '郑州是一个交通枢纽城市。',
  zh_wuhanese: '武汉的热干面非常有名。',
  en: 'Hello, and welcome to the digital avatar video service. The weather is lovely today, so let us take a walk in the park.',
  de: 'Guten Tag und willkommen beim Videodienst. Heute ist das Wetter schön, also gehen wir im Park spazieren.',
  es: 'Hola y bienvenidos al servicio de vídeo. Hoy hace buen tiempo, así que vamos a pasear por el parque.',
  fr: "Bonjour et bienvenue sur le service vidéo. Il fait beau aujourd'hui, alors allons nous promener dans le parc.",
  jp: 'こんにちは、デジタルアバターのサービスへようこそ。きょうはいいてんきですね。こうえんをさんぽしましょう。',
  ko: '안녕하세요, 디지털 아바타 영상 서비스에 오신 것을 환영합니다. 오늘은 날씨가 좋네요. 공원에서 산책합시다.',
};

const plain = (language: SpeechLanguage): VoiceSettings => ({
  language,
  profile: null,
  rate: 1,
  volume: 1,
  pitch: 1,
});
const profile = (medianPitchHz: number, syllablesPerSec: number): VoiceProfile => ({
  medianPitchHz,
  pitchP10Hz: medianPitchHz * 0.85,
  pitchP90Hz: medianPitchHz * 1.2,
  syllablesPerSec,
  loudnessLufs: -20,
  speechRatio: 0.85,
});
const pct = (a: number, b: number) => (100 * (a - b)) / b;

async function measureWav(file: string): Promise<SpeechStats> {
  const buf = await readFile(file);
  const info = parseWav(buf);
  return analyseSpeechSamples(int16ToFloat(wavSamples(buf, info)), info.sampleRate);
}

let n = 0;
async function speak(
  text: string,
  voice: VoiceSettings,
  opts: { draft?: boolean } = {},
): Promise<{ file: string; res: SpeechResult; ms: number }> {
  const file = path.join(dir, `out-${n++}.wav`);
  const t0 = performance.now();
  const res = await engine.synthesize(text, voice, file, opts);
  return { file, res, ms: performance.now() - t0 };
}

function assertTimings(text: string, res: SpeechResult, label: string): void {
  assert.ok(res.words.length > 0, `${label}: words`);
  assert.ok(res.phonemes.length > 0, `${label}: phonemes`);
  let prev = 0;
  for (const w of res.words) {
    assert.ok(w.startSec >= prev - 1e-9, `${label}: "${w.text}" starts ${w.startSec} before ${prev}`);
    assert.ok(
      w.endSec >= w.startSec && w.endSec <= res.durationSec + 1e-9,
      `${label}: "${w.text}" ends ${w.endSec}`,
    );
    assert.equal(
      text.slice(w.textOffset, w.textOffset + w.text.length),
      w.text,
      `${label}: offset of "${w.text}"`,
    );
    prev = w.startSec;
  }
  // The words spread over the audio, not bunched at its start.
  if (res.words.length >= 6) {
    assert.ok(
      res.words.at(-1)!.startSec > res.durationSec * 0.5,
      `${label}: last word at ${res.words.at(-1)!.startSec}`,
    );
  }
  let prevPh = 0;
  for (const p of res.phonemes) {
    assert.ok(
      p.startSec >= prevPh - 1e-9 && p.endSec >= p.startSec && p.endSec <= res.durationSec + 1e-9,
      `${label}: phoneme ${p.phoneme}`,
    );
    prevPh = p.endSec;
  }
}

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-speech-'));
  engine = createSpeechEngine({ ...bins, tmpDir: path.join(dir, 'tmp') });
});

after(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

test('every language speaks with word and phoneme timings matching the WAV', async (t) => {
  for (const lang of SPEECH_LANGUAGES) {
    const text = TEXTS[lang];
    const { file, res, ms } = await speak(text, plain(lang));
    const probe = await probeMedia(bins.ffprobe, file);
    assert.equal(probe.audio?.codec, 'pcm_s16le', lang);
    assert.equal(probe.audio?.channels, 1, lang);
    assert.equal(probe.audio?.sampleRate, res.sampleRate, lang);
    assert.ok(
      Math.abs(probe.durationSec - res.durationSec) <= 0.05,
      `${lang}: ${res.durationSec} vs probed ${probe.durationSec}`,
    );
    assertTimings(text, res, lang);
    const m = await measureWav(file);
    assert.ok(
      res.durationSec > 1 && m.speechRatio > 0.5,
      `${lang}: ${res.durationSec} s, speech ratio ${m.speechRatio}`,
    );

    // The calibration table the rate, pitch and formant choices rely on still describes eSpeak's voices.
    const cal = ESPEAK_CALIBRATION[espeakVoiceFor(lang)]!;
    if (lang === 'zh' || !lang.startsWith('zh_') || lang === 'zh_cantonese') {
      assert.ok(
        Math.abs(pct(m.medianPitchHz, cal.pitchHz)) < 8,
        `${lang}: pitch ${m.medianPitchHz} vs ${cal.pitchHz}`,
      );
      assert.ok(
        Math.abs(pct(m.syllablesPerSec, cal.syllablesPerSec)) < 10,
        `${lang}: ${m.syllablesPerSec} syl/s vs ${cal.syllablesPerSec}`,
      );
      assert.ok(
        Math.abs(pct(m.f2Hz, cal.f2Hz)) < 6 && Math.abs(pct(m.f3Hz, cal.f3Hz)) < 4,
        `${lang}: F2 ${m.f2Hz} vs ${cal.f2Hz}, F3 ${m.f3Hz} vs ${cal.f3Hz}`,
      );
      assert.ok(
        Math.abs(m.tiltDbPerOct - cal.tiltDbPerOct) < 0.6,
        `${lang}: tilt ${m.tiltDbPerOct} vs ${cal.tiltDbPerOct}`,
      );
    }
    t.diagnostic(
      `${lang}: ${res.durationSec.toFixed(2)} s, ${res.words.length} words, ${res.phonemes.length} phonemes, ${ms.toFixed(0)} ms, pitch ${m.medianPitchHz.toFixed(0)} Hz, ${m.syllablesPerSec.toFixed(2)} syl/s`,
    );
  }

  // Real-time factor once eSpeak and each language's dictionary are loaded (the first pass above
  // included starting the worker and loading them): plain voices, then profile-following voices
  // (analysis of eSpeak's output plus the ffmpeg pitch/tempo pass).
  for (const withProfile of [false, true]) {
    let audioSec = 0;
    let synthMs = 0;
    for (const lang of SPEECH_LANGUAGES) {
      const voice = withProfile ? { ...plain(lang), profile: profile(200, 4.5), rate: 1.1 } : plain(lang);
      const { res, ms } = await speak(TEXTS[lang], voice);
      audioSec += res.durationSec;
      synthMs += ms;
    }
    const rtf = synthMs / 1000 / audioSec;
    assert.ok(rtf < 0.5, `real-time factor ${rtf}`);
    t.diagnostic(
      `warm real-time factor, ${withProfile ? 'profile + edits' : 'plain voice'}: ${rtf.toFixed(3)} (${audioSec.toFixed(1)} s of audio in ${synthMs.toFixed(0)} ms)`,
    );
  }
});

test('Chinese text splits into characters and dictionary words; Latin words inside stay whole', async () => {
  const text = '我用iPhone拍照，效果很好 & 价格 <便宜>。';
  const { res } = await speak(text, plain('zh'));
  assertTimings(text, res, 'mixed');
  const words = res.words.map((w) => w.text);
  assert.ok(words.includes('iPhone'), words.join('|'));
  assert.ok(words.includes('拍') || words.includes('拍照'), words.join('|'));
  assert.ok(words.length >= 8, words.join('|'));
});

test('edit multipliers: rate, pitch and volume are applied exactly', async (t) => {
  const text = TEXTS.zh;
  const base = await speak(text, plain('zh'));
  const baseM = await measureWav(base.file);
  const baseLufs = await measureLoudnessLufs(bins.ffmpeg, base.file);

  const fast = await speak(text, { ...plain('zh'), rate: 1.5 });
  const rateErr = pct(fast.res.durationSec, base.res.durationSec / 1.5);
  assert.ok(Math.abs(rateErr) < 3, `rate 1.5: ${fast.res.durationSec} vs ${base.res.durationSec / 1.5}`);
  const lastBase = base.res.words.at(-1)!;
  const lastFast = fast.res.words.at(-1)!;
  assert.ok(Math.abs(lastFast.startSec - lastBase.startSec / 1.5) < 0.01, 'word timings scale with the rate');
  assertTimings(text, fast.res, 'rate 1.5');
  const slow = await speak(text, { ...plain('zh'), rate: 0.5 });
  assert.ok(
    Math.abs(pct(slow.res.durationSec, base.res.durationSec * 2)) < 3,
    `rate 0.5: ${slow.res.durationSec}`,
  );

  const high = await speak(text, { ...plain('zh'), pitch: 1.5 });
  const highM = await measureWav(high.file);
  const pitchErr = pct(highM.medianPitchHz / baseM.medianPitchHz, 1.5);
  assert.ok(Math.abs(pitchErr) < 3, `pitch 1.5: ${baseM.medianPitchHz} → ${highM.medianPitchHz}`);
  // eSpeak's output length varies by a few milliseconds between calls; the shift itself keeps it.
  assert.ok(Math.abs(high.res.durationSec - base.res.durationSec) < 0.05, 'pitch keeps the duration');

  const quiet = await speak(text, { ...plain('zh'), volume: 0.5 });
  const quietLufs = await measureLoudnessLufs(bins.ffmpeg, quiet.file);
  assert.ok(Math.abs(quietLufs - baseLufs + 6.02) < 0.26, `volume 0.5: ${baseLufs} → ${quietLufs} LUFS`);
  const loud = await speak(text, { ...plain('zh'), volume: 2 });
  const loudLufs = await measureLoudnessLufs(bins.ffmpeg, loud.file);
  // eSpeak peaks near full scale: the limiter holds them and the gain makes up the loudness.
  assert.ok(
    Math.abs(loudLufs - baseLufs - 6.02) < 0.26,
    `volume 2: ${baseLufs} → ${loudLufs} LUFS (limited)`,
  );

  t.diagnostic(
    `rate 1.5 duration error ${rateErr.toFixed(2)}%, pitch 1.5 error ${pitchErr.toFixed(2)}% (${baseM.medianPitchHz.toFixed(1)} → ${highM.medianPitchHz.toFixed(1)} Hz), ` +
      `volume 0.5: ${(quietLufs - baseLufs).toFixed(2)} dB, volume 2: +${(loudLufs - baseLufs).toFixed(2)} dB`,
  );
});

test('a profile sets the median pitch and the speaking rate', async (t) => {
  const text = `${TEXTS.zh}${TEXTS.zh_sichuanese}`;
  for (const [hz, syl, lang] of [
    [100, 3.2, 'zh'],
    [150, 4.4, 'zh'],
    [240, 4.0, 'zh'],
    [210, 5.5, 'en'],
  ] as const) {
    const voice = { ...plain(lang), profile: profile(hz, syl) };
    const { file, res } = await speak(lang === 'en' ? TEXTS.en : text, voice);
    const m = await measureWav(file);
    const pitchErr = pct(m.medianPitchHz, hz);
    const rateErr = pct(m.syllablesPerSec, syl);
    assert.ok(Math.abs(pitchErr) < 5, `${hz} Hz profile: measured ${m.medianPitchHz}`);
    assert.ok(Math.abs(rateErr) < 15, `${syl} syl/s profile: measured ${m.syllablesPerSec}`);
    assert.ok(Math.abs(pct(res.durationSec, m.durationSec)) < 0.5);
    t.diagnostic(
      `${lang} profile ${hz} Hz / ${syl} syl/s → ${m.medianPitchHz.toFixed(1)} Hz (${pitchErr.toFixed(2)}%), ${m.syllablesPerSec.toFixed(2)} syl/s (${rateErr.toFixed(1)}%)`,
    );
  }
});

test("a draft's voice: the profile's shaping by eSpeak alone, the same words, no corrections or levelling", async () => {
  const voice = { ...plain('en'), profile: profile(210, 4.6) };
  const full = await speak(TEXTS.en, voice);
  const draft = await speak(TEXTS.en, voice, { draft: true });
  // The measured corrections and the levelling are what a draft leaves out.
  assert.equal(draft.res.transform?.pitch, 1);
  assert.equal(draft.res.transform?.tempo, 1);
  assert.equal(draft.res.transform?.tiltDbPerOct, 0);
  assert.equal(draft.res.transform?.loudnessLufs, null);
  assert.notEqual(full.res.transform?.loudnessLufs, null);
  // The same words in the same order, timed against the draft's own file.
  assert.deepEqual(
    draft.res.words.map((w) => w.text),
    full.res.words.map((w) => w.text),
  );
  const info = await probeMedia(bins.ffprobe, draft.file);
  assert.ok(Math.abs(info.durationSec - draft.res.durationSec) < 0.01);
  assert.ok(draft.res.words.at(-1)!.endSec <= draft.res.durationSec + 1e-6);
  // eSpeak's variant already carries the profile's pitch and rate: near the full voice's figures.
  const m = await measureWav(draft.file);
  assert.ok(Math.abs(pct(m.medianPitchHz, 210)) < 15, `draft pitch ${m.medianPitchHz}`);
  assert.ok(Math.abs(pct(draft.res.durationSec, full.res.durationSec)) < 15);
  // An edit that changes the tempo is still applied (and then levelled, as the full voice is).
  const faster = await speak(TEXTS.en, { ...voice, rate: 1.5 }, { draft: true });
  assert.ok(Math.abs(pct(faster.res.durationSec * 1.5, draft.res.durationSec)) < 2);
});

test('requests queue on the one worker; abort and empty text are refused', async () => {
  const texts = ['第一句话。', 'Second sentence.', '세 번째 문장.'];
  const langs: SpeechLanguage[] = ['zh', 'en', 'ko'];
  const results = await Promise.all(texts.map((x, i) => speak(x, plain(langs[i]!))));
  for (const [i, r] of results.entries()) assertTimings(texts[i]!, r.res, `parallel ${i}`);

  const ac = new AbortController();
  ac.abort(new Error('stop'));
  await assert.rejects(
    engine.synthesize('你好', plain('zh'), path.join(dir, 'aborted.wav'), { signal: ac.signal }),
    /stop/,
  );
  await assert.rejects(engine.synthesize(' 。。 ', plain('zh'), path.join(dir, 'empty.wav')), RangeError);
});

test('close() ends the worker; a closed engine refuses work', async () => {
  const other = createSpeechEngine({ ...bins, tmpDir: path.join(dir, 'tmp2') });
  await other.synthesize('好', plain('zh'), path.join(dir, 'close.wav'));
  await other.close();
  await assert.rejects(other.synthesize('好', plain('zh'), path.join(dir, 'closed.wav')), /closed/);
});
