/**
 * A file's first sound stream as mono 16-bit WAV at `sampleRate`: at 16 kHz, what PocketSphinx's
 * models (and most others) are trained on; at the synthesiser's rate, the bed under a translation.
 * Pure.
 */
export function monoWavArgs(input: string, out: string, sampleRate = 16000): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', input],
    ...['-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(sampleRate), '-c:a', 'pcm_s16le', out],
  ];
}

/** The first sound stream as a 16-bit stereo WAV at `sampleRate` (a mono one with both channels alike). Pure. */
export function stereoWavArgs(input: string, out: string, sampleRate: number): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', input],
    ...['-map', '0:a:0', '-vn', '-ac', '2', '-ar', String(sampleRate), '-c:a', 'pcm_s16le', out],
  ];
}

/** A WAV time-stretched by `tempo` (1.1: 10 % shorter), pitch kept (`atempo`, 0.5-2). Pure. */
export function tempoArgs(input: string, out: string, tempo: number): string[] {
  if (!(tempo >= 0.5 && tempo <= 2)) throw new RangeError(`tempo ${tempo} is outside 0.5-2`);
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', input],
    ...['-af', `atempo=${tempo.toFixed(4)}`, '-c:a', 'pcm_s16le', out],
  ];
}
