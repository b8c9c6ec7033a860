import { espeakVoiceFor, type SpeechLanguage } from './languages.js';
import type { VoiceProfile, VoiceSettings } from './types.js';
import { calibrationFor } from './voice-plan.js';

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

/** Vocal tract and voice quality of a preset: formant factor against eSpeak's voice, and tilt. */
interface Timbre {
  formants: number;
  tiltDbPerOct: number;
}
/** Adult women: formants about 12% above eSpeak's (male) voice, a brighter spectrum. */
const BRIGHT: Timbre = { formants: 1.12, tiltDbPerOct: -4.5 };
/** Adult men: eSpeak's own formants a little lower, a darker spectrum. */
const DARK: Timbre = { formants: 0.96, tiltDbPerOct: -7 };
/** A young, light voice. */
const LIGHT: Timbre = { formants: 1.18, tiltDbPerOct: -4 };
/** A deep, warm voice. */
const DEEP: Timbre = { formants: 0.92, tiltDbPerOct: -8 };

/** A profile for a preset: typical conversational figures around the chosen pitch, rate and timbre. */
function profile(
  language: SpeechLanguage,
  medianPitchHz: number,
  syllablesPerSec: number,
  timbre: Timbre,
): VoiceProfile {
  const cal = calibrationFor(espeakVoiceFor(language));
  return {
    medianPitchHz,
    // Speech pitch spans roughly ±3 semitones around the median between the 10th and 90th percentile.
    pitchP10Hz: Math.round(medianPitchHz * 0.84),
    pitchP90Hz: Math.round(medianPitchHz * 1.19),
    syllablesPerSec,
    loudnessLufs: -20,
    speechRatio: 0.85,
    f1Hz: Math.round(cal.f1Hz * timbre.formants),
    f2Hz: Math.round(cal.f2Hz * timbre.formants),
    f3Hz: Math.round(cal.f3Hz * timbre.formants),
    tiltDbPerOct: timbre.tiltDbPerOct,
    language,
  };
}

function preset(
  id: string,
  title: string,
  language: SpeechLanguage,
  pitchHz: number,
  syllablesPerSec: number,
  timbre: Timbre,
): PublicVoicePreset {
  return Object.freeze({
    id,
    title,
    language,
    settings: Object.freeze({
      language,
      profile: profile(language, pitchHz, syllablesPerSec, timbre),
      rate: 1,
      volume: 1,
      pitch: 1,
    }),
  });
}

/**
 * Every language has a high and a low voice at different speaking rates (a calm and a brisk one);
 * Mandarin and English have a third. Pitch runs from 105 to 260 Hz and rate from 3.4 to 5.8
 * syllables per second; the first fifteen ids are the original catalogue and keep their figures.
 */
export const PUBLIC_VOICE_PRESETS: readonly PublicVoicePreset[] = Object.freeze([
  preset('pub-zh-xiaoyun', '晓云（普通话女声）', 'zh', 220, 4.0, BRIGHT),
  preset('pub-zh-haoran', '浩然（普通话男声）', 'zh', 115, 3.6, DARK),
  preset('pub-zh_cantonese-jiaxin', '嘉欣（粤语女声）', 'zh_cantonese', 210, 4.6, BRIGHT),
  preset('pub-zh_sichuanese-xiaochuan', '小川（四川话男声）', 'zh_sichuanese', 125, 4.2, DARK),
  preset('pub-zh_shanghainese-ahua', '阿花（上海话女声）', 'zh_shanghainese', 205, 4.4, BRIGHT),
  preset('pub-zh_tianjinese-dali', '大力（天津话男声）', 'zh_tianjinese', 110, 4.3, DEEP),
  preset('pub-zh_zhengzhounese-xiaozhou', '小舟（郑州话男声）', 'zh_zhengzhounese', 130, 3.8, DARK),
  preset('pub-zh_wuhanese-xiaowu', '小武（武汉话女声）', 'zh_wuhanese', 200, 4.1, BRIGHT),
  preset('pub-en-emma', 'Emma (English)', 'en', 205, 4.6, BRIGHT),
  preset('pub-en-james', 'James (English)', 'en', 110, 4.2, DARK),
  preset('pub-de-lena', 'Lena (Deutsch)', 'de', 200, 4.5, BRIGHT),
  preset('pub-es-pablo', 'Pablo (Español)', 'es', 120, 5.4, DARK),
  preset('pub-fr-camille', 'Camille (Français)', 'fr', 210, 5.2, BRIGHT),
  preset('pub-jp-haruka', 'はるか（日本語）', 'jp', 225, 5.5, BRIGHT),
  preset('pub-ko-minjun', '민준 (한국어)', 'ko', 118, 4.6, DARK),
  preset('pub-zh-xiaomeng', '小萌（普通话童声）', 'zh', 260, 4.6, LIGHT),
  preset('pub-zh_cantonese-weiming', '伟明（粤语男声）', 'zh_cantonese', 112, 4.0, DARK),
  preset('pub-zh_sichuanese-lanlan', '兰兰（四川话女声）', 'zh_sichuanese', 215, 4.8, BRIGHT),
  preset('pub-zh_shanghainese-agen', '阿根（上海话男声）', 'zh_shanghainese', 118, 3.6, DEEP),
  preset('pub-zh_tianjinese-tingting', '婷婷（天津话女声）', 'zh_tianjinese', 225, 4.7, BRIGHT),
  preset('pub-zh_zhengzhounese-yuehua', '月华（郑州话女声）', 'zh_zhengzhounese', 195, 4.4, BRIGHT),
  preset('pub-zh_wuhanese-dawei', '大伟（武汉话男声）', 'zh_wuhanese', 120, 4.5, DARK),
  preset('pub-en-olivia', 'Olivia (English)', 'en', 240, 5.2, LIGHT),
  preset('pub-de-jonas', 'Jonas (Deutsch)', 'de', 105, 4.0, DEEP),
  preset('pub-es-lucia', 'Lucía (Español)', 'es', 215, 5.8, BRIGHT),
  preset('pub-fr-hugo', 'Hugo (Français)', 'fr', 115, 4.7, DARK),
  preset('pub-jp-takumi', 'たくみ（日本語）', 'jp', 120, 5.0, DARK),
  preset('pub-ko-jiwoo', '지우 (한국어)', 'ko', 230, 5.1, BRIGHT),
  preset('pub-en-arthur', 'Arthur (English)', 'en', 100, 3.4, DEEP),
]);
