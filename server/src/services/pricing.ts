import type { Prices } from '../config.js';

/** Task types that produce works (videos and audio), with the price line each is billed on. */
export type WorkType =
  | 'video_audio'
  | 'video_tts'
  | 'video_template'
  | 'video_translate'
  | 'video_sing'
  | 'video_image'
  | 'audio_tts';

export function perMinuteFor(type: WorkType, prices: Prices): number {
  switch (type) {
    case 'audio_tts':
      return prices.audioPerMinute;
    case 'video_translate':
      return prices.translatePerMinute;
    case 'video_sing':
      return prices.singPerMinute;
    case 'video_image':
      return prices.imageVideoPerMinute;
    default:
      return prices.videoPerMinute;
  }
}

/** Credits for `seconds` of output at `perMinute`, billed per second and rounded up; at least 1 when priced. */
export function costForSeconds(perMinute: number, seconds: number): number {
  if (perMinute <= 0) return 0;
  return Math.max(1, Math.ceil((Math.max(0, seconds) * perMinute) / 60));
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;

/**
 * Upper estimate of how long `text` takes to speak at normal rate, used to reserve credits before
 * synthesis: about 4 CJK characters or 14 other characters per second, plus 20% headroom.
 * The reservation is settled against the real duration when the work completes.
 */
export function estimateSpeechSeconds(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const other = text.replace(CJK, '').replace(/\s+/g, ' ').trim().length;
  return Math.ceil((cjk / 4 + other / 14) * 1.2) + 1;
}
