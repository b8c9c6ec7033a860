/** Upload file types: extension → content type and category. Pure data. */
export type FileCategory = 'video' | 'audio' | 'image';

export const FILE_TYPES: Record<string, { contentType: string; category: FileCategory }> = {
  mp4: { contentType: 'video/mp4', category: 'video' },
  mov: { contentType: 'video/quicktime', category: 'video' },
  mp3: { contentType: 'audio/mpeg', category: 'audio' },
  m4a: { contentType: 'audio/mp4', category: 'audio' },
  wav: { contentType: 'audio/wav', category: 'audio' },
  aac: { contentType: 'audio/aac', category: 'audio' },
  flac: { contentType: 'audio/flac', category: 'audio' },
  ogg: { contentType: 'audio/ogg', category: 'audio' },
  jpg: { contentType: 'image/jpeg', category: 'image' },
  jpeg: { contentType: 'image/jpeg', category: 'image' },
  png: { contentType: 'image/png', category: 'image' },
  webp: { contentType: 'image/webp', category: 'image' },
};

export const SUPPORTED_EXTENSIONS = Object.keys(FILE_TYPES);

/** Normalises 'MP4', '.mp4' → 'mp4'; undefined when unsupported. */
export function lookupExtension(
  ext: string,
): { ext: string; contentType: string; category: FileCategory } | undefined {
  const e = ext.trim().toLowerCase().replace(/^\./, '');
  const t = FILE_TYPES[e];
  return t ? { ext: e, ...t } : undefined;
}

/** Content-Type header without parameters, lower-cased ('audio/wav; x=1' → 'audio/wav'). */
export function baseContentType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}
