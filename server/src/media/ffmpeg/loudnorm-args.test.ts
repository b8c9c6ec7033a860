import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  audioStemArgs,
  isSilent,
  loudnessMeasureArgs,
  loudnormApplyFilter,
  loudnormMeasureFilter,
  loudnormTarget,
  parseLoudnormJson,
} from './loudnorm-args.js';

// Recorded from the npm ffmpeg (pass 2 of a 5 s clip).
const STDERR = `size=N/A time=00:00:05.30 bitrate=N/A speed= 120x
[Parsed_loudnorm_1 @ 0x5c1e2c0]
{
\t"input_i" : "-29.51",
\t"input_tp" : "-21.13",
\t"input_lra" : "0.00",
\t"input_thresh" : "-39.51",
\t"output_i" : "-16.00",
\t"output_tp" : "-7.59",
\t"output_lra" : "0.10",
\t"output_thresh" : "-26.00",
\t"normalization_type" : "dynamic",
\t"target_offset" : "-0.00"
}
`;

test('parses the loudnorm JSON block out of stderr', () => {
  assert.deepEqual(parseLoudnormJson(STDERR), {
    inputI: -29.51,
    inputTp: -21.13,
    inputLra: 0,
    inputThresh: -39.51,
    targetOffset: -0,
    outputI: -16,
    outputTp: -7.59,
    normalizationType: 'dynamic',
  });
});

test('pass-1 JSON of silence has -inf values', () => {
  const m = parseLoudnormJson(
    '{\n"input_i" : "-inf",\n"input_tp" : "-inf",\n"input_lra" : "0.00",\n"input_thresh" : "-70.00",\n"target_offset" : "inf"\n}',
  );
  assert.equal(m.inputI, Number.NEGATIVE_INFINITY);
  assert.equal(m.targetOffset, Number.POSITIVE_INFINITY);
  assert.equal(m.outputI, null);
  assert.equal(isSilent(m), true);
  assert.throws(() => parseLoudnormJson('no json here'), /no JSON/);
});

test('measure and apply filters', () => {
  const t = loudnormTarget(-16);
  assert.deepEqual(t, { integratedLufs: -16, truePeakDb: -1.5, lra: 20 });
  assert.equal(loudnormMeasureFilter(t), 'loudnorm=I=-16:TP=-1.5:LRA=20:print_format=json');
  const m = parseLoudnormJson(STDERR);
  assert.equal(
    loudnormApplyFilter(t, m),
    'loudnorm=I=-16:TP=-1.5:LRA=20:measured_I=-29.51:measured_TP=-21.13:measured_LRA=0:measured_thresh=-39.51:offset=0:linear=true:print_format=json',
  );
  // Values outside the filter's accepted ranges are clamped rather than rejected by ffmpeg.
  const extreme = { ...m, inputI: -120, inputTp: Number.POSITIVE_INFINITY, targetOffset: 150 };
  assert.match(loudnormApplyFilter(t, extreme), /measured_I=-99:measured_TP=99:.*offset=99:/);
  assert.throws(() => loudnormTarget(-3), RangeError);
  assert.throws(() => loudnormTarget(16), RangeError);
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
