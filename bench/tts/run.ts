// bench/tts: speech synthesis plus the transformation that makes it follow a cloned voice (eSpeak
// variant, pitch and rate correction, spectral tilt, loudness) and the voice's edits, against
// plain eSpeak synthesis of the same texts in the same run. Reports the real-time factor (seconds of
// work per second of audio) and how many times faster than real time that is (aim: ≥ 20×).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import {
  createSpeechEngine,
  type SpeechLanguage,
  type VoiceProfile,
  type VoiceSettings,
} from '../../server/src/media/speech/index.js';
import { SpeechWorkerClient } from '../../server/src/media/speech/worker-client.js';
import { recordSpeaker, tiltFilter } from '../../server/test/media/speech-speakers.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** A paragraph (15-30 s of speech) and a sentence (2-4 s) per language. */
const TEXTS: [SpeechLanguage, string][] = [
  [
    'zh',
    '各位观众大家好，欢迎收看今天的节目。今天我们要聊的是数字人视频：只要一段文字，就能生成一位会说话的主持人。' +
      '它可以用在课程讲解、产品介绍和新闻播报里。2024年，这类视频的制作成本下降了百分之六十，越来越多的团队开始使用它。',
  ],
  [
    'en',
    'Good evening, and welcome to the programme. Tonight we look at talking avatar videos: from a few lines of text, ' +
      'a presenter reads your script with a voice of your choice. Teams use them for courses, product tours and news. ' +
      'Since 2023 the cost of making such a video has fallen by more than half, and the tools keep getting better.',
  ],
  [
    'es',
    'Buenas tardes y bienvenidos. Hoy hablamos de los vídeos con presentadores digitales, que leen un texto con la voz que usted elija. ' +
      'Se usan en cursos, presentaciones de productos y noticias.',
  ],
  ['zh', '你好，这是一句很短的话。'],
  ['en', 'This is a short sentence.'],
];

const bins = resolveMediaBinaries();
const work = await mkdtemp(join(tmpdir(), 'likeness-tts-bench-'));
const engine = createSpeechEngine({ ...bins, tmpDir: join(work, 'tmp') });
try {
  // A cloned voice as the service would store it: a speaker recorded here, analysed into a profile.
  const espeak = new SpeechWorkerClient();
  const sample = await recordSpeaker(
    espeak,
    bins.ffmpeg,
    {
      name: 'sample',
      language: 'en',
      espeakVoice: 'en-us+f4',
      wpm: 160,
      filter: `${tiltFilter(2)},volume=0.5`,
    },
    TEXTS[1]![1],
    work,
    'sample.mp3',
  );
  await espeak.close();
  await engine.analyseSample(sample); // warm-up
  const t0 = performance.now();
  const profile: VoiceProfile = await engine.analyseSample(sample, { language: 'en' });
  const analyseMs = performance.now() - t0;

  const voices: [string, (lang: SpeechLanguage) => VoiceSettings][] = [
    ['plain eSpeak (baseline)', (language) => ({ language, profile: null, rate: 1, volume: 1, pitch: 1 })],
    ['cloned voice', (language) => ({ language, profile, rate: 1, volume: 1, pitch: 1 })],
    ['cloned voice + edits', (language) => ({ language, profile, rate: 1.2, volume: 1.6, pitch: 0.9 })],
  ];

  let n = 0;
  const run = async (voice: (lang: SpeechLanguage) => VoiceSettings, texts: [SpeechLanguage, string][]) => {
    let audioSec = 0;
    let ms = 0;
    for (const [lang, text] of texts) {
      const start = performance.now();
      const r = await engine.synthesize(text, voice(lang), join(work, `out-${n++ % 8}.wav`));
      ms += performance.now() - start;
      audioSec += r.durationSec;
    }
    return { audioSec, ms };
  };
  // Warm-up: starts the worker and loads every language's dictionary.
  for (const [, v] of voices) await run(v, TEXTS);

  const groups: [string, [SpeechLanguage, string][]][] = [
    ['paragraphs', TEXTS.slice(0, 3)],
    ['sentences', TEXTS.slice(3)],
  ];
  console.log(`bench/tts  ${ROUNDS} rounds, voices measured in alternation`);
  console.log(
    `  voice sample analysis (decode, pitch, formants, tilt, loudness): ${analyseMs.toFixed(0)} ms`,
  );
  for (const [group, texts] of groups) {
    const totals = voices.map(() => ({ audioSec: 0, ms: 0 }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [, v]] of voices.entries()) {
        const r = await run(v, texts);
        totals[i]!.audioSec += r.audioSec;
        totals[i]!.ms += r.ms;
      }
    }
    const base = totals[0]!.ms / 1000 / totals[0]!.audioSec;
    console.log(`  ${group} (${(totals[0]!.audioSec / ROUNDS).toFixed(1)} s of audio per round)`);
    for (const [i, [label]] of voices.entries()) {
      const t = totals[i]!;
      const rtf = t.ms / 1000 / t.audioSec;
      const ratio = i === 0 ? '' : `   ${(rtf / base).toFixed(1)}× the baseline's time`;
      console.log(
        `    ${label.padEnd(26)} RTF ${rtf.toFixed(3)}  = ${(1 / rtf).toFixed(0)}× faster than real time${ratio}`,
      );
    }
  }
  console.log('  aim: cloned voice (synthesis + transformation) ≥ 20× faster than real time on paragraphs');
} finally {
  await engine.close();
  await rm(work, { recursive: true, force: true });
}
