import type { SpeechLanguage } from '../speech/languages.js';

/**
 * The implicit (metadata) AIGC mark. It is written as the container's `comment` tag (MP4 ©cmt,
 * MP3 ID3 COMM), which survives remuxing and is shown by ffprobe and common players: the word
 * AIGC followed by a JSON object naming the label, the producer and, when known, the work's id.
 */
export const AIGC_PRODUCER = 'likeness';

export function aigcComment(produceId?: string): string {
  const mark: Record<string, string> = { Label: '1', ContentProducer: AIGC_PRODUCER };
  if (produceId) mark.ProduceID = produceId;
  return `AIGC ${JSON.stringify(mark)}`;
}

/** True when a tag value carries our mark (used by tests and by probing tools). */
export function hasAigcMark(comment: string | undefined): boolean {
  return typeof comment === 'string' && /^AIGC\b/.test(comment);
}

/**
 * The visible AIGC mark in the video's spoken language. Every text is drawn with the shipped font
 * (Noto Sans S Chinese), which has Latin, Han and kana but no Hangul: Korean, like a video whose
 * language is unknown (uploaded or sung sound), gets the language-neutral AIGC_NEUTRAL_LABEL.
 */
const AIGC_LABELS: Readonly<Partial<Record<SpeechLanguage, string>>> = Object.freeze({
  zh: 'AI生成',
  en: 'AI-generated',
  de: 'KI-generiert',
  fr: 'Généré par IA',
  es: 'Generado por IA',
  jp: 'AI生成',
});

/** The mark where the language is unknown or has no label the shipped font can draw. */
export const AIGC_NEUTRAL_LABEL = 'AI';

/** The visible label for a video spoken in `language` (the Chinese dialects read as Chinese). Pure. */
export function aigcLabelText(language: SpeechLanguage | null | undefined): string {
  if (!language) return AIGC_NEUTRAL_LABEL;
  return AIGC_LABELS[language.startsWith('zh') ? 'zh' : language] ?? AIGC_NEUTRAL_LABEL;
}
