import type { SpeechLanguage } from './languages.js';
import type { VoiceProfile, VoiceSettings } from './types.js';

/**
 * A built-in voice everyone can use (voice list kind 2). Ids are stable: they are stored with videos.
 * Titles stay within the voice API's 20-character limit.
 */
export interface PublicVoicePreset {
  id: string;
  title: string;
  language: SpeechLanguage;
  settings: VoiceSettings;
}

/** A profile for a preset: typical conversational figures around the chosen pitch and rate. */
function profile(medianPitchHz: number, syllablesPerSec: number): VoiceProfile {
  return {
    medianPitchHz,
    // Speech pitch spans roughly ±3 semitones around the median between the 10th and 90th percentile.
    pitchP10Hz: Math.round(medianPitchHz * 0.84),
    pitchP90Hz: Math.round(medianPitchHz * 1.19),
    syllablesPerSec,
    loudnessLufs: -20,
    speechRatio: 0.85,
  };
}

function preset(
  id: string,
  title: string,
  language: SpeechLanguage,
  pitchHz: number,
  syllablesPerSec: number,
): PublicVoicePreset {
  return Object.freeze({
    id,
    title,
    language,
    settings: Object.freeze({
      language,
      profile: profile(pitchHz, syllablesPerSec),
      rate: 1,
      volume: 1,
      pitch: 1,
    }),
  });
}

/**
 * At least one voice per language (two for Mandarin and English), spread over low and high voices
 * and calm to brisk rates. Pitch above ~135 Hz selects eSpeak's higher variant.
 */
export const PUBLIC_VOICE_PRESETS: readonly PublicVoicePreset[] = Object.freeze([
  preset('pub-zh-xiaoyun', '晓云（普通话女声）', 'zh', 220, 4.0),
  preset('pub-zh-haoran', '浩然（普通话男声）', 'zh', 115, 3.6),
  preset('pub-zh_cantonese-jiaxin', '嘉欣（粤语女声）', 'zh_cantonese', 210, 4.6),
  preset('pub-zh_sichuanese-xiaochuan', '小川（四川话男声）', 'zh_sichuanese', 125, 4.2),
  preset('pub-zh_shanghainese-ahua', '阿花（上海话女声）', 'zh_shanghainese', 205, 4.4),
  preset('pub-zh_tianjinese-dali', '大力（天津话男声）', 'zh_tianjinese', 110, 4.3),
  preset('pub-zh_zhengzhounese-xiaozhou', '小舟（郑州话男声）', 'zh_zhengzhounese', 130, 3.8),
  preset('pub-zh_wuhanese-xiaowu', '小武（武汉话女声）', 'zh_wuhanese', 200, 4.1),
  preset('pub-en-emma', 'Emma (English)', 'en', 205, 4.6),
  preset('pub-en-james', 'James (English)', 'en', 110, 4.2),
  preset('pub-de-lena', 'Lena (Deutsch)', 'de', 200, 4.5),
  preset('pub-es-pablo', 'Pablo (Español)', 'es', 120, 5.4),
  preset('pub-fr-camille', 'Camille (Français)', 'fr', 210, 5.2),
  preset('pub-jp-haruka', 'はるか（日本語）', 'jp', 225, 5.5),
  preset('pub-ko-minjun', '민준 (한국어)', 'ko', 118, 4.6),
]);
