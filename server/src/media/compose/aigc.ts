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
