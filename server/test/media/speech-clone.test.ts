// Voice cloning measured end to end: speakers made at test time (eSpeak voices of other timbres,
// reshaped by ffmpeg), analysed into profiles, then spoken with those profiles and measured again.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { resolveMediaBinaries } from '../../src/media/binaries.js';
import {
  createSpeechEngine,
  measureLoudnessLufs,
  measureSpeechFile,
  type MeasuredFile,
  type SpeechEngine,
  type SpeechLanguage,
  type SpeechResult,
  type VoiceProfile,
  type VoiceSettings,
} from '../../src/media/speech/index.js';
import { frameRms, int16ToFloat, toDb } from '../../src/media/speech/dsp.js';
import { parseWav, wavSamples } from '../../src/media/speech/wav.js';
import { SpeechWorkerClient } from '../../src/media/speech/worker-client.js';
import { recordSpeaker, tiltFilter, type Speaker } from './speech-speakers.js';

const bins = resolveMediaBinaries();
let dir = '';
let engine: SpeechEngine;
let espeak: SpeechWorkerClient;

const SAMPLE: Partial<Record<SpeechLanguage, string>> = {
  en: 'My name is Sarah and I work as a teacher in a small town. Every morning I walk to school with my dog. The children are lovely, and we read many books together.',
  zh: '大家好，我叫李华，是一名小学老师。每天早上我都骑自行车去学校。孩子们很可爱，我们一起读了很多书。',
};
const SAY: Partial<Record<SpeechLanguage, string>> = {
  en: 'Hello, and welcome to the digital avatar video service. The weather is lovely today, so let us take a walk in the park.',
  zh: '你好，欢迎使用数字人视频生成服务。今天天气很好，我们一起去公园散步吧。明天可能会下雨，出门记得带伞。',
};

const SPEAKERS: Speaker[] = [
  // A bright, quiet woman speaking slowly.
  {
    name: 'bright',
    language: 'en',
    espeakVoice: 'en-us+f4',
    wpm: 150,
    filter: `${tiltFilter(2.5)},volume=0.4`,
  },
  // A deep, dark, loud man: the whole spectrum 8% lower (a longer vocal tract), peaks limited.
  {
    name: 'deep',
    language: 'en',
    espeakVoice: 'en-us+m7',
    wpm: 190,
    filter: 'asetrate=20286,aresample=22050,volume=1.5,alimiter=limit=0.9:level=false',
  },
  // A Mandarin speaker with a shorter vocal tract and a darker spectrum.
  {
    name: 'mandarin',
    language: 'zh',
    espeakVoice: 'cmn+f3',
    wpm: 160,
    filter: `asetrate=23153,aresample=22050,${tiltFilter(-2)}`,
  },
];

const st = (a: number, b: number) => 12 * Math.log2(a / b);
/** Root mean square distance of F1-F3, semitones. */
const formantDistance = (m: MeasuredFile, p: VoiceProfile) =>
  Math.sqrt((st(m.f1Hz, p.f1Hz!) ** 2 + st(m.f2Hz, p.f2Hz!) ** 2 + st(m.f3Hz, p.f3Hz!) ** 2) / 3);
const pct = (a: number, b: number) => (100 * (a - b)) / b;

const makeSpeaker = (s: Speaker) =>
  recordSpeaker(espeak, bins.ffmpeg, s, SAMPLE[s.language]!, dir, `${s.name}.mp3`);

let n = 0;
async function speak(text: string, voice: VoiceSettings): Promise<{ file: string; res: SpeechResult }> {
  const file = path.join(dir, `out-${n++}.wav`);
  return { file, res: await engine.synthesize(text, voice, file) };
}
const settings = (
  language: SpeechLanguage,
  profile: VoiceProfile | null,
  edits: Partial<VoiceSettings> = {},
) => ({
  language,
  profile,
  rate: 1,
  volume: 1,
  pitch: 1,
  ...edits,
});

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'likeness-speech-clone-'));
  engine = createSpeechEngine({ ...bins, tmpDir: path.join(dir, 'tmp') });
  espeak = new SpeechWorkerClient();
});

after(async () => {
  await engine.close();
  await espeak.close();
  await rm(dir, { recursive: true, force: true });
});

const profiles = new Map<string, VoiceProfile>();

test('cloned voices follow their sample: pitch, formants, tilt, rate and loudness', async (t) => {
  for (const s of SPEAKERS) {
    const sample = await makeSpeaker(s);
    const profile = await engine.analyseSample(sample, { language: s.language });
    profiles.set(s.name, profile);
    assert.equal(profile.language, s.language);
    assert.ok(
      profile.f1Hz && profile.f2Hz && profile.f3Hz && profile.tiltDbPerOct !== undefined,
      JSON.stringify(profile),
    );

    const plain = await measureSpeechFile(
      bins.ffmpeg,
      (await speak(SAY[s.language]!, settings(s.language, null))).file,
    );
    const cloned = await speak(SAY[s.language]!, settings(s.language, profile));
    const m = await measureSpeechFile(bins.ffmpeg, cloned.file);

    const pitchErr = pct(m.medianPitchHz, profile.medianPitchHz);
    const rateErr = pct(m.syllablesPerSec, profile.syllablesPerSec);
    const loudErr = m.loudnessLufs - profile.loudnessLufs;
    const fPlain = formantDistance(plain, profile);
    const fClone = formantDistance(m, profile);
    const tPlain = Math.abs(plain.tiltDbPerOct - profile.tiltDbPerOct!);
    const tClone = Math.abs(m.tiltDbPerOct - profile.tiltDbPerOct!);
    t.diagnostic(
      `${s.name}: sample ${profile.medianPitchHz} Hz, F ${profile.f1Hz}/${profile.f2Hz}/${profile.f3Hz}, tilt ${profile.tiltDbPerOct}, ` +
        `${profile.syllablesPerSec} syl/s, ${profile.loudnessLufs} LUFS → clone ${m.medianPitchHz.toFixed(1)} Hz (${pitchErr.toFixed(1)}%), ` +
        `F ${m.f1Hz.toFixed(0)}/${m.f2Hz.toFixed(0)}/${m.f3Hz.toFixed(0)}, tilt ${m.tiltDbPerOct.toFixed(2)}, ` +
        `${m.syllablesPerSec.toFixed(2)} syl/s (${rateErr.toFixed(1)}%), ${m.loudnessLufs.toFixed(1)} LUFS (${loudErr.toFixed(2)} LU); ` +
        `formant distance ${fPlain.toFixed(2)} → ${fClone.toFixed(2)} st (${((100 * fClone) / fPlain).toFixed(0)}%), ` +
        `tilt distance ${tPlain.toFixed(2)} → ${tClone.toFixed(2)} dB/oct (${((100 * tClone) / tPlain).toFixed(0)}%)`,
    );
    assert.ok(
      Math.abs(pitchErr) <= 5,
      `${s.name}: median pitch ${m.medianPitchHz} vs ${profile.medianPitchHz}`,
    );
    assert.ok(fClone <= 0.5 * fPlain, `${s.name}: formant distance ${fClone} vs unmodified ${fPlain}`);
    assert.ok(tClone <= 0.5 * tPlain, `${s.name}: tilt distance ${tClone} vs unmodified ${tPlain}`);
    assert.ok(Math.abs(rateErr) <= 10, `${s.name}: ${m.syllablesPerSec} syl/s vs ${profile.syllablesPerSec}`);
    assert.ok(Math.abs(loudErr) <= 1, `${s.name}: ${m.loudnessLufs} LUFS vs ${profile.loudnessLufs}`);
    // The result says what was done, and the WAV is as long as the timings say.
    assert.match(cloned.res.transform!.espeakVoice, /\+lk[0-9a-f]{10}$/);
    assert.ok(Math.abs(m.durationSec - cloned.res.durationSec) < 0.01);
  }
});

test('text in another language keeps the voice: English spoken with the Mandarin speaker', async (t) => {
  const profile = profiles.get('mandarin')!;
  const plain = await measureSpeechFile(bins.ffmpeg, (await speak(SAY.en!, settings('en', null))).file);
  const m = await measureSpeechFile(bins.ffmpeg, (await speak(SAY.en!, settings('en', profile))).file);
  const pitchErr = pct(m.medianPitchHz, profile.medianPitchHz);
  t.diagnostic(
    `mandarin speaker in English: ${m.medianPitchHz.toFixed(1)} Hz (${pitchErr.toFixed(1)}%), F3 ${m.f3Hz.toFixed(0)} ` +
      `(sample ${profile.f3Hz}, eSpeak English ${plain.f3Hz.toFixed(0)}), ${m.loudnessLufs.toFixed(1)} LUFS`,
  );
  assert.ok(Math.abs(pitchErr) <= 5);
  assert.ok(Math.abs(m.loudnessLufs - profile.loudnessLufs) <= 1);
  // F3 (vocal tract length, little tied to the vowels of a language) moves toward the speaker's.
  assert.ok(Math.abs(st(m.f3Hz, profile.f3Hz!)) < Math.abs(st(plain.f3Hz, profile.f3Hz!)));
});

test('voice edits apply exactly on a cloned voice: rate, pitch and volume ratios within 3%', async (t) => {
  const profile = profiles.get('bright')!;
  const text = SAY.en!;
  const base = await speak(text, settings('en', profile));
  const baseM = await measureSpeechFile(bins.ffmpeg, base.file);
  const lines: string[] = [];
  for (const rate of [0.5, 2]) {
    const r = await speak(text, settings('en', profile, { rate }));
    const ratio = base.res.durationSec / r.res.durationSec;
    lines.push(`rate ${rate}: ${ratio.toFixed(3)}`);
    assert.ok(Math.abs(ratio / rate - 1) <= 0.03, `rate ${rate}: duration ratio ${ratio}`);
  }
  for (const pitch of [0.5, 1.5, 2]) {
    const m = await measureSpeechFile(
      bins.ffmpeg,
      (await speak(text, settings('en', profile, { pitch }))).file,
    );
    const ratio = m.medianPitchHz / baseM.medianPitchHz;
    lines.push(`pitch ${pitch}: ${ratio.toFixed(3)}`);
    assert.ok(Math.abs(ratio / pitch - 1) <= 0.03, `pitch ${pitch}: median ratio ${ratio}`);
  }
  for (const volume of [0.1, 0.5, 2]) {
    const lufs = await measureLoudnessLufs(
      bins.ffmpeg,
      (await speak(text, settings('en', profile, { volume }))).file,
    );
    const ratio = 10 ** ((lufs - baseM.loudnessLufs) / 20);
    lines.push(`volume ${volume}: ${ratio.toFixed(3)}`);
    assert.ok(Math.abs(ratio / volume - 1) <= 0.03, `volume ${volume}: loudness ratio ${ratio}`);
  }
  t.diagnostic(`measured ratios: ${lines.join(', ')}`);
});

test('timings stay on the audio through pitch, rate, tilt and level changes', async (t) => {
  const profile = profiles.get('deep')!;
  const { file, res } = await speak(SAY.en!, settings('en', profile, { rate: 1.4, pitch: 1.3, volume: 2 }));
  assert.ok(res.transform!.tempo > 1.2 && res.transform!.tiltDbPerOct !== 0, JSON.stringify(res.transform));
  const buf = await readFile(file);
  const info = parseWav(buf);
  const x = int16ToFloat(wavSamples(buf, info));
  const hop = Math.round(info.sampleRate * 0.01);
  const db = Float32Array.from(frameRms(x, hop, hop), toDb);
  const loud = Math.max(...db);
  const active = Array.from(db, (v) => v > loud - 40);
  const first = active.indexOf(true) * 0.01;
  const last = (active.lastIndexOf(true) + 1) * 0.01;
  const ph = res.phonemes;
  t.diagnostic(
    `audio ${first.toFixed(3)}-${last.toFixed(3)} s, phonemes ${ph[0]!.startSec}-${ph.at(-1)!.endSec} s`,
  );
  assert.ok(
    Math.abs(first - ph[0]!.startSec) <= 0.03,
    `speech starts at ${first}, first phoneme at ${ph[0]!.startSec}`,
  );
  assert.ok(
    Math.abs(last - ph.at(-1)!.endSec) <= 0.06,
    `speech ends at ${last}, last phoneme at ${ph.at(-1)!.endSec}`,
  );
  // Pauses between sentences (gaps between phonemes) are quiet in the audio.
  let gaps = 0;
  for (let i = 1; i < ph.length; i++) {
    const [a, b] = [ph[i - 1]!.endSec + 0.03, ph[i]!.startSec - 0.03];
    if (b - a < 0.1) continue;
    gaps++;
    const inGap = db.slice(Math.ceil(a / 0.01), Math.floor(b / 0.01));
    assert.ok(Math.max(...inGap) < loud - 30, `gap ${a.toFixed(2)}-${b.toFixed(2)} s is not quiet`);
  }
  assert.ok(gaps >= 1, 'the text has a pause');
  // Words follow each other inside the audio.
  for (const w of res.words)
    assert.ok(w.startSec >= 0 && w.endSec <= res.durationSec + 1e-9 && w.endSec >= w.startSec);
});
