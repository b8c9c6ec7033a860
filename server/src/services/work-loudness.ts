import type { WorkInput } from './work.service.js';

/** Loudness targets of a work's sound, in LUFS (negative); undefined leaves that stem as it is. */
export interface WorkLoudness {
  speech: number | undefined;
  /** The final mix; undefined: not normalised as a whole. */
  mix: number | undefined;
  /** Background music and ambience of template videos. */
  bgm: number;
  ambience: number;
}

/** Unspecified targets (decision 14): speech −16 LUFS, background music −30, ambience −35. */
export const DEFAULT_LOUDNESS = { speech: -16, bgm: -30, ambience: -35 } as const;

/**
 * The loudness parameters of a request (`norm_lufs` and the others, 0–100, stored as N when sent
 * and non-zero) as targets: N means −N LUFS. With an overall target the speech is not normalised on
 * its own (the mix is); a template's `audio_assets_norm_lufs` sets the speech's target. Pure.
 */
export function workLoudness(
  input: Pick<WorkInput, 'template' | 'normLufs' | 'bgmNormLufs' | 'assetsNormLufs' | 'ambienceNormLufs'>,
): WorkLoudness {
  const target = (n: number | undefined) => (n ? -n : undefined);
  const assets = input.template ? target(input.assetsNormLufs) : undefined;
  return {
    speech: assets ?? (input.normLufs ? undefined : DEFAULT_LOUDNESS.speech),
    mix: target(input.normLufs),
    bgm: target(input.bgmNormLufs) ?? DEFAULT_LOUDNESS.bgm,
    ambience: target(input.ambienceNormLufs) ?? DEFAULT_LOUDNESS.ambience,
  };
}
