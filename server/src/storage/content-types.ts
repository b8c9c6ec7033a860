/**
 * The media type of every kind of file likeness stores, by the extension of its blob key. The S3
 * store records it with each object, so a presigned GET answers with the right Content-Type; the
 * /files/<key> route sends the same type for either store.
 */
const BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  aac: 'audio/aac',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** What a store answers for bytes of no known type (face tracks, say). */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** `works/t/video.mp4` → `video/mp4`; an unknown or missing extension → application/octet-stream. */
export function contentTypeForKey(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return DEFAULT_CONTENT_TYPE;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}
