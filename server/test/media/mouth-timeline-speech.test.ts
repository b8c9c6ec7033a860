// Mouth timelines of synthesised speech, measured against the sound: the acceptance criterion is that
// mouth opening correlates with the speech envelope (Pearson r ≥ 0.6) with the cross-correlation
// peaking within 80 ms. Figures are printed as diagnostics.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import {
  analyseDrivingAudio,
  beatsFromFeatures,
  envelopeCorrelation,
  loudnessEnvelope,
  mouthTimelineFromAudio,
  mouthTimelineFromPhonemes,
  speechEnvelope,
  steadiness,
  unmappedSymbols,
  visemeUnits,
  voiceOpening,
  type AudioFeatures,
  type EnvelopeCorrelation,
  type MouthTimeline,
} from '../../src/media/animate/timeline/index.js';
import { int16ToFloat } from '../../src/media/speech/dsp.js';
import {
  createSpeechEngine,
  type SpeechEngine,
  type SpeechLanguage,
  type SpeechResult,
} from '../../src/media/speech/index.js';
import { parseWav, wavSamples } from '../../src/media/speech/wav.js';

const FPS = 25;
const MIN_R = 0.6;
const MAX_LAG_SEC = 0.08;

const bins = resolveMediaBinaries();
let dir = '';
let engine: SpeechEngine;

interface Clip {
  language: SpeechLanguage;
  wav: string;
  speech: SpeechResult;
  features: AudioFeatures;
  /** The analyser's voice-band envelope (the reference the product uses). */
  envelope: Float32Array;
  /** The sound's jaw opening, which the product hands to the phoneme path. */
  jaw: Float32Array;
  /** RMS loudness straight from the samples, independent of the analyser. */
  rms: Float32Array;
}
const clips = new Map<string, Clip>();

const TEXTS: Partial<Record<SpeechLanguage, string>> = {
  zh: '你好，欢迎使用数字人视频生成服务。今天天气很好，我们一起去公园散步吧。八百标兵奔北坡，炮兵并排北边跑。',
  en: 'Hello, and welcome to the digital avatar video service. The weather is lovely today, so let us take a walk in the park. Bob may move a mop.',
};

/** Sentences per language that between them use most of each language's sounds. */
const INVENTORY_TEXTS: Record<string, string> = {
  zh: '爸爸妈妈带我去看熊猫。窗外下着雪，月亮挂在天上。儿子在玩儿。穷人吹牛，略微，军训，选举，村庄，揣测，酸奶，损失，嘴巴，岁月。我用iPhone拍照。',
  zh_cantonese:
    '香港係一個國際大都會，維多利亞港夜景好靚。我想買一對新鞋，唔該你幫我睇吓。雪糕，雞蛋仔，菠蘿包。',
  en: "The birch canoe slid on the smooth planks. Poor Sue, her cure was pure. Oil and toy, sure, tour, ear, air, fire, bottle, button, the judge's rhythm.",
  de: 'Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich. Pfeife, Zucker, Bäume, euch, ich, Bach.',
  es: 'El veloz murciélago hindú comía feliz cardillo y kiwi. La cigüeña tocaba el saxofón. Guerra, llueve, ñandú, yo.',
  fr: 'Portez ce vieux whisky au juge blond qui fume. Huit, lui, nuit, soleil, fille, peur, cœur, gagner, parfum, brun.',
  jp: 'いろはにほへと、ちりぬるを。がっこう、きって、ぎゅうにゅう、りょこう、ふじさん、びょういん、ぴかぴか。',
  ko: '다람쥐 헌 쳇바퀴에 타고파. 의사, 외국, 위, 왜, 원, 얘기, 흙, 닭, 꽃, 팥, 값, 빵, 떡, 쌀.',
};

async function readSamples(wav: string): Promise<{ samples: Float32Array; sampleRate: number }> {
  const buf = await readFile(wav);
  const info = parseWav(buf);
  return { samples: int16ToFloat(wavSamples(buf, info)), sampleRate: info.sampleRate };
}

const fmt = (c: EnvelopeCorrelation) => `r=${c.r.toFixed(3)} lag=${Math.round(c.lagSec * 1000)}ms`;

function assertFollows(c: EnvelopeCorrelation, what: string): void {
  assert.ok(c.r >= MIN_R, `${what}: r ${c.r.toFixed(3)} < ${MIN_R}`);
  assert.ok(Math.abs(c.lagSec) < MAX_LAG_SEC, `${what}: lag ${c.lagSec.toFixed(3)} s`);
}

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-mouth-speech-'));
  engine = createSpeechEngine({ ffmpeg: bins.ffmpeg, ffprobe: bins.ffprobe, tmpDir: dir });
  for (const [language, text] of Object.entries(TEXTS) as [SpeechLanguage, string][]) {
    const wav = path.join(dir, `${language}.wav`);
    const speech = await engine.synthesize(
      text,
      { language, profile: null, rate: 1, volume: 1, pitch: 1 },
      wav,
    );
    const features = await analyseDrivingAudio(bins.ffmpeg, wav, { mode: 'speech' });
    const { samples, sampleRate } = await readSamples(wav);
    clips.set(language, {
      language,
      wav,
      speech,
      features,
      envelope: speechEnvelope(features, FPS, speech.durationSec),
      jaw: voiceOpening(features, speech.durationSec, FPS),
      rms: loudnessEnvelope(samples, sampleRate, FPS),
    });
  }
});

after(async () => {
  await engine?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const clip = (language: string): Clip => {
  const c = clips.get(language);
  assert.ok(c, `no clip for ${language}`);
  return c;
};

for (const language of ['zh', 'en']) {
  test(`${language}: phoneme path with the sound's jaw follows the speech envelope (r ≥ 0.6, lag < 80 ms)`, (t) => {
    const c = clip(language);
    const withJaw = mouthTimelineFromPhonemes(
      c.speech.phonemes,
      c.language,
      c.speech.durationSec,
      FPS,
      c.jaw,
    );
    const alone = mouthTimelineFromPhonemes(c.speech.phonemes, c.language, c.speech.durationSec, FPS);
    const main = envelopeCorrelation(withJaw.open, c.envelope, FPS);
    const vsRms = envelopeCorrelation(withJaw.open, c.rms, FPS);
    const timingsOnly = envelopeCorrelation(alone.open, c.envelope, FPS);
    t.diagnostic(`${language} phonemes+jaw vs voice envelope: ${fmt(main)}`);
    t.diagnostic(`${language} phonemes+jaw vs sample RMS envelope: ${fmt(vsRms)}`);
    t.diagnostic(`${language} phoneme timings alone vs voice envelope: ${fmt(timingsOnly)}`);
    assertFollows(main, 'phonemes + jaw vs voice envelope');
    // The full-band RMS also counts fricative noise, which barely opens the jaw: a looser check.
    assert.ok(vsRms.r > 0.55 && Math.abs(vsRms.lagSec) < MAX_LAG_SEC, fmt(vsRms));
    // Without the jaw the opening follows the visemes, not the loudness: weaker, still related.
    assert.ok(timingsOnly.r > 0.45 && Math.abs(timingsOnly.lagSec) < MAX_LAG_SEC, fmt(timingsOnly));
  });

  test(`${language}: audio-only path follows the speech envelope of the same WAV`, (t) => {
    const c = clip(language);
    const m = mouthTimelineFromAudio(c.features, c.speech.durationSec, FPS);
    const main = envelopeCorrelation(m.open, c.rms, FPS);
    const own = envelopeCorrelation(m.open, c.envelope, FPS);
    const ph = mouthTimelineFromPhonemes(c.speech.phonemes, c.language, c.speech.durationSec, FPS, c.jaw);
    const agreeOpen = envelopeCorrelation(m.open, ph.open, FPS);
    const agreeWide = envelopeCorrelation(m.wide, ph.wide, FPS);
    const agreeRound = envelopeCorrelation(m.round, ph.round, FPS);
    t.diagnostic(`${language} audio path vs sample RMS envelope: ${fmt(main)}`);
    t.diagnostic(`${language} audio path vs its own voice envelope: ${fmt(own)}`);
    t.diagnostic(
      `${language} audio path vs phoneme path: open ${fmt(agreeOpen)}, wide ${fmt(agreeWide)}, round ${fmt(agreeRound)}`,
    );
    assertFollows(main, 'audio path vs sample RMS');
    assertFollows(own, 'audio path vs voice envelope');
    // The spectral lip shape has to agree at least loosely with what the phonemes say.
    assert.ok(agreeWide.r > 0.3, `wide agreement ${fmt(agreeWide)}`);
  });
}

test('the mouth rests before the first and after the last phoneme', () => {
  for (const c of clips.values()) {
    const ph = mouthTimelineFromPhonemes(c.speech.phonemes, c.language, c.speech.durationSec, FPS, c.jaw);
    const au = mouthTimelineFromAudio(c.features, c.speech.durationSec, FPS);
    const first = c.speech.phonemes[0]!.startSec;
    const last = c.speech.phonemes[c.speech.phonemes.length - 1]!.endSec;
    for (const m of [ph, au]) {
      for (let i = 0; i < m.open.length; i++) {
        const t = i / FPS;
        if (t < first - 0.12 || t > last + 0.15)
          assert.ok(m.open[i]! < 0.05, `${c.language} frame ${i}: ${m.open[i]}`);
      }
    }
  }
});

test('silence gives a closed mouth and no beats, in both modes', async () => {
  const wav = path.join(dir, 'silence.wav');
  await runMediaBinary(bins.ffmpeg, [
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=22050:cl=mono',
    '-t',
    '3',
    '-c:a',
    'pcm_s16le',
    wav,
  ]);
  for (const mode of ['speech', 'song'] as const) {
    const f = await analyseDrivingAudio(bins.ffmpeg, wav, { mode });
    const m = mouthTimelineFromAudio(f, 3, FPS);
    assert.equal(m.open.length, 75);
    assert.equal(Math.max(...m.open), 0, mode);
    assert.equal(Math.max(...m.round), 0, mode);
    assert.deepEqual(beatsFromFeatures(f), [], mode);
    assert.equal(Math.max(...speechEnvelope(f, FPS)), 0, mode);
  }
  const none = mouthTimelineFromPhonemes([], 'zh', 3, FPS);
  assert.ok(Math.max(...none.open) < 1e-3);
});

function assertSteady(t: { diagnostic: (s: string) => void }, name: string, m: MouthTimeline): void {
  const open = steadiness(m.open);
  const wide = steadiness(m.wide);
  const round = steadiness(m.round);
  t.diagnostic(
    `${name}: open mean|Δ|=${open.meanAbsDelta.toFixed(3)} zigzag=${(100 * open.zigzagRate).toFixed(1)}%, ` +
      `wide mean|Δ|=${wide.meanAbsDelta.toFixed(3)} zigzag=${(100 * wide.zigzagRate).toFixed(1)}%, ` +
      `round mean|Δ|=${round.meanAbsDelta.toFixed(3)} zigzag=${(100 * round.zigzagRate).toFixed(1)}%`,
  );
  assert.ok(open.meanAbsDelta < 0.15, `${name} open moves ${open.meanAbsDelta} per frame`);
  assert.ok(open.zigzagRate < 0.03, `${name} open zigzags ${open.zigzagRate}`);
  assert.ok(wide.zigzagRate < 0.01 && round.zigzagRate < 0.01, `${name} lip shape zigzags`);
}

test('no flicker: small frame-to-frame motion, no zigzags; bilabials close', (t) => {
  for (const c of clips.values()) {
    const ph = mouthTimelineFromPhonemes(c.speech.phonemes, c.language, c.speech.durationSec, FPS, c.jaw);
    assertSteady(t, `${c.language} phoneme path`, ph);
    assertSteady(
      t,
      `${c.language} audio path`,
      mouthTimelineFromAudio(c.features, c.speech.durationSec, FPS),
    );

    let bilabials = 0;
    let worst = 0;
    for (const p of c.speech.phonemes) {
      if (visemeUnits(p.phoneme, c.language)[0]?.viseme !== 'PP') continue;
      const centre = (p.startSec + p.endSec) / 2;
      let closest = Infinity;
      for (let i = 0; i < ph.open.length; i++) {
        if (Math.abs(i / FPS - centre) <= 0.5 / FPS + 1e-9) closest = Math.min(closest, ph.open[i]!);
      }
      bilabials++;
      worst = Math.max(worst, closest);
    }
    t.diagnostic(
      `${c.language}: ${bilabials} bilabials, most open at their closure frame ${worst.toFixed(3)}`,
    );
    assert.ok(bilabials >= 5, `${c.language} text has bilabials`);
    assert.ok(worst <= 0.05, `${c.language} bilabial left open at ${worst}`);
  }
});

test('every phoneme eSpeak emits for each language has a viseme', async (t) => {
  for (const [language, text] of Object.entries(INVENTORY_TEXTS) as [SpeechLanguage, string][]) {
    const wav = path.join(dir, `inventory-${language}.wav`);
    const res = await engine.synthesize(text, { language, profile: null, rate: 1, volume: 1, pitch: 1 }, wav);
    const ids = [...new Set(res.phonemes.map((p) => p.phoneme))];
    const unmapped = ids.filter((id) => unmappedSymbols(id, language).length > 0);
    t.diagnostic(
      `${language}: ${ids.length} distinct phoneme ids, unmapped: ${unmapped.join(' ') || 'none'}`,
    );
    assert.deepEqual(unmapped, [], language);
  }
});
