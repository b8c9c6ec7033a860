// Media the API benches render: a person swaying gently in a video clip, and voiced syllables with
// pauses (the mouth is driven from the sound), both generated here; and a voice sample to clone
// (real speech from the test corpus: the voice clone refuses the syllables as too little speech).
import sharp from 'sharp';
import { x264Args } from '../../server/src/media/ffmpeg/encode-args.js';
import { runMediaBinary } from '../../server/src/media/run-ffmpeg.js';

interface Bins {
  ffmpeg: string;
}

const ff = (bins: Bins, args: string[]) =>
  runMediaBinary(bins.ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args]);

/** A sample portrait (shipped by a dev dependency) as an H.264 clip, with a silent audio track. */
export async function makeFaceClip(
  bins: Bins,
  out: string,
  seconds: number,
  size: { width: number; height: number },
): Promise<string> {
  const photo = `${out}.png`;
  const source = new URL('../../node_modules/@vladmandic/face-api/demo/sample1.jpg', import.meta.url)
    .pathname;
  await sharp(source).extract({ left: 148, top: 0, width: 720, height: 1280 }).png().toFile(photo);
  await ff(bins, [
    ...['-loop', '1', '-framerate', '25', '-i', photo, '-t', String(seconds)],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'],
    ...['-vf', `scale=${size.width}:${size.height},rotate=a='0.03*sin(2*PI*t/5)':c=black@0,format=yuv420p`],
    ...['-map', '0:v', '-map', '1:a', '-shortest', '-c:a', 'aac'],
    ...x264Args({ preset: 'veryfast', crf: 20 }),
    out,
  ]);
  return out;
}

/** `seconds` of voiced syllables with pauses, mono 22.05 kHz WAV. */
export async function makeVoicedSpeech(bins: Bins, out: string, seconds: number): Promise<string> {
  const voice =
    '0.5*pow(0.55+0.45*sin(2*PI*3*t),2)*gt(sin(2*PI*t/7)+0.6,0)*' +
    '(sin(2*PI*150*t)+0.6*sin(2*PI*300*t)+0.4*sin(2*PI*450*t)+0.25*sin(2*PI*900*t))/2.25';
  await ff(bins, ['-f', 'lavfi', '-i', `aevalsrc='${voice}':s=22050:d=${seconds}`, '-ac', '1', out]);
  return out;
}

/** The corpus's 5.3 s of one person reading (LibriSpeech), played twice: a 10.6 s voice sample, mono WAV. */
export async function makeSpeechSample(bins: Bins, out: string): Promise<string> {
  const reading = new URL(
    '../../server/test/fixtures/footage/speech/en-speech-librispeech-reading-5s.mp3',
    import.meta.url,
  ).pathname;
  await ff(bins, ['-stream_loop', '1', '-i', reading, '-ac', '1', out]);
  return out;
}
