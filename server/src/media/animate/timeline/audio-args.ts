/** Rate the driving-audio analysis runs at: the voice band and the kick drum both fit well below 8 kHz. */
export const DRIVING_SAMPLE_RATE = 16000;

/**
 * ffmpeg arguments that decode the first audio stream of any file to mono 32-bit float PCM on stdout,
 * for analysis while it streams. `-vn`/`-sn` keep cover art and subtitles of music files out of the
 * way. Pure.
 */
export function drivingAudioArgs(input: string, sampleRate: number = DRIVING_SAMPLE_RATE): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-f',
    'f32le',
    'pipe:1',
  ];
}
