import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  audioStemArgs,
  ebur128Filter,
  gainPlan,
  isSilent,
  LIMITER_LOOKAHEAD_MS,
  loudnessMeasureArgs,
  loudnessTarget,
  parseEbur128Summary,
} from './loudness-args.js';

// Recorded from the npm ffmpeg: the end of an ebur128=peak=true pass over 23 s of speech.
const SPEECH = `size=N/A time=00:00:23.38 bitrate=N/A speed= 425x
video:0kB audio:2192kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: unknown
[Parsed_ebur128_0 @ 0x5b1ee80] Summary:

  Integrated loudness:
    I:         -20.0 LUFS
    Threshold: -30.3 LUFS

  Loudness range:
    LRA:         2.5 LU
    Threshold: -40.2 LUFS
    LRA low:   -21.4 LUFS
    LRA high:  -18.9 LUFS

  True peak:
    Peak:       -4.4 dBFS
`;

// The same filter over two seconds of digital silence.
const SILENCE = `[Parsed_ebur128_0 @ 0x38f73c80] Summary:

  Integrated loudness:
    I:         -70.0 LUFS
    Threshold:   0.0 LUFS

  Loudness range:
    LRA:         0.0 LU
    Threshold:   0.0 LUFS
    LRA low:     0.0 LUFS
    LRA high:    0.0 LUFS

  True peak:
    Peak:       -inf dBFS
`;

test('reads the integrated loudness, its gate, the range and the true peak from the summary', () => {
  assert.deepEqual(parseEbur128Summary(SPEECH), {
    integratedLufs: -20,
    thresholdLufs: -30.3,
    lra: 2.5,
    truePeakDb: -4.4,
  });
  // Only the last summary counts (a chain that measures twice prints two).
  assert.equal(parseEbur128Summary(SILENCE + SPEECH).integratedLufs, -20);
  assert.throws(() => parseEbur128Summary('no summary here'), /no summary/);
});

test('silence reads as -inf loudness and peak, and is left alone', () => {
  const m = parseEbur128Summary(SILENCE);
  assert.equal(m.integratedLufs, Number.NEGATIVE_INFINITY);
  assert.equal(m.truePeakDb, Number.NEGATIVE_INFINITY);
  assert.equal(isSilent(m), true);
  assert.equal(isSilent(parseEbur128Summary(SPEECH)), false);
  // Without peak=true there is no true-peak line: -inf, never NaN.
  const noPeak = SPEECH.slice(0, SPEECH.indexOf('  True peak'));
  assert.equal(parseEbur128Summary(noPeak).truePeakDb, Number.NEGATIVE_INFINITY);
});

test('the measuring filter logs its frames below the default level, and oversamples only when asked', () => {
  assert.equal(ebur128Filter({ truePeak: true }), 'ebur128=framelog=verbose:peak=true');
  assert.equal(ebur128Filter({ truePeak: false }), 'ebur128=framelog=verbose');
});

test('targets are checked', () => {
  assert.deepEqual(loudnessTarget(-16), { integratedLufs: -16, truePeakDb: -1.5 });
  assert.deepEqual(loudnessTarget(-23, -2), { integratedLufs: -23, truePeakDb: -2 });
  assert.throws(() => loudnessTarget(-3), RangeError);
  assert.throws(() => loudnessTarget(16), RangeError);
  assert.throws(() => loudnessTarget(-16, 1), RangeError);
});

test('a gain alone when the peaks stay under the ceiling', () => {
  // -20 LUFS with peaks at -4.4 dBTP, to -23: 3 dB down.
  const down = gainPlan(loudnessTarget(-23), parseEbur128Summary(SPEECH), 2);
  assert.deepEqual(down, { gainDb: -3, mode: 'linear', filter: 'volume=-3dB' });
  // To -18: +2 dB puts the peak at -2.4, under -1.5.
  assert.equal(gainPlan(loudnessTarget(-18), parseEbur128Summary(SPEECH), 2).mode, 'linear');
  // Exactly at the ceiling is still linear.
  const m = { ...parseEbur128Summary(SPEECH), truePeakDb: -5.5 };
  assert.equal(gainPlan(loudnessTarget(-16), m, 2).mode, 'linear');
});

test('the gain and a true-peak limiter, with its look-ahead taken back out, when the peaks would pass the ceiling', () => {
  // To -16: +4 dB would put the peak at -0.4 dBTP.
  const p = gainPlan(loudnessTarget(-16), parseEbur128Summary(SPEECH), 1);
  assert.equal(p.gainDb, 4);
  assert.equal(p.mode, 'limited');
  const lookahead = (192_000 * LIMITER_LOOKAHEAD_MS) / 1000;
  assert.equal(
    p.filter,
    [
      'aresample=192000',
      `apad=pad_len=${lookahead}`,
      'volume=4dB',
      `alimiter=limit=0.841395:attack=${LIMITER_LOOKAHEAD_MS}:release=50:level=false`,
      `atrim=start_sample=${lookahead}`,
      'asetpts=PTS-STARTPTS',
      'aresample=48000',
      'aformat=channel_layouts=1c',
    ].join(','),
  );
});

test('measuring and stem-writing argument arrays', () => {
  assert.deepEqual(loudnessMeasureArgs({ path: '/in/bgm.mp3', inputArgs: ['-stream_loop', '-1'] }, 'anull'), [
    '-hide_banner',
    '-nostdin',
    '-stream_loop',
    '-1',
    '-i',
    '/in/bgm.mp3',
    '-vn',
    '-sn',
    '-dn',
    '-af',
    'anull',
    '-f',
    'null',
    '-',
  ]);
  assert.deepEqual(audioStemArgs({ path: '/in/a.wav' }, 'anull', '/w/out.wav'), [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    '/in/a.wav',
    '-vn',
    '-sn',
    '-dn',
    '-af',
    'anull',
    '-ar',
    '48000',
    '-c:a',
    'pcm_f32le',
    '-f',
    'wav',
    '/w/out.wav',
  ]);
});

test('audioStemArgs states the channel count when the chain changes it', () => {
  const args = audioStemArgs({ path: '/in/mono.wav' }, 'aformat=channel_layouts=stereo', '/w/out.wav', 2);
  assert.deepEqual(args.slice(args.indexOf('-ar'), args.indexOf('-c:a')), ['-ar', '48000', '-ac', '2']);
});
