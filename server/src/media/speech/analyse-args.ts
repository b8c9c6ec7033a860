/** Rate the analyser works at: eSpeak's own rate, so samples and synthesis are measured alike. */
export const ANALYSIS_SAMPLE_RATE = 22050;

/**
 * One ffmpeg run that (1) decodes the first audio stream to mono 32-bit float on stdout and (2)
 * measures its integrated loudness with ebur128 (summary on stderr; per-frame lines only at verbose
 * level so stderr stays short). `maxSec` caps the decode so an over-long upload costs little. Pure.
 */
export function analyseArgs(input: string, maxSec: number): string[] {
  const limit = String(maxSec);
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-i',
    input,
    '-map',
    '0:a:0',
    '-t',
    limit,
    '-ac',
    '1',
    '-ar',
    String(ANALYSIS_SAMPLE_RATE),
    '-f',
    'f32le',
    'pipe:1',
    '-map',
    '0:a:0',
    '-t',
    limit,
    '-af',
    'aformat=channel_layouts=mono,ebur128=framelog=verbose',
    '-f',
    'null',
    '-',
  ];
}

/** ffmpeg arguments that only measure integrated loudness (mono downmix). Pure. */
export function loudnessArgs(input: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-i',
    input,
    '-map',
    '0:a:0',
    '-af',
    'aformat=channel_layouts=mono,ebur128=framelog=verbose',
    '-f',
    'null',
    '-',
  ];
}

/**
 * Integrated loudness from ebur128's summary ("I:  -20.6 LUFS"), the last one in the log; null when
 * absent. ebur128 reports -70.0 for silence. Pure.
 */
export function parseIntegratedLoudness(stderr: string): number | null {
  let last: number | null = null;
  for (const m of stderr.matchAll(/\bI:\s+(-?\d+(?:\.\d+)?) LUFS/g)) last = Number(m[1]);
  return last;
}
