/** Small display helpers shared by the pages. */

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function seconds(s: number | null | undefined): string {
  if (s === null || s === undefined) return '—';
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export function credits(n: number): string {
  return `${n} ${n === 1 ? 'credit' : 'credits'}`;
}

export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

export const TASK_STATUS: Record<number, string> = {
  1: 'waiting',
  2: 'processing',
  3: 'completed',
  4: 'failed',
};

export const EVENT_TYPE: Record<number, string> = {
  0: 'test',
  1: 'work',
  2: 'avatar cloning',
  3: 'voice cloning',
  4: 'credit warning',
};

export const TASK_TYPE: Record<string, string> = {
  video_tts: 'video from text',
  video_audio: 'video from audio',
  video_template: 'template video',
  video_image: 'video from image',
  video_sing: 'singing video',
  video_translate: 'translated video',
  audio_tts: 'audio from text',
  avatar_video: 'avatar from video',
  avatar_image: 'avatar from image',
  voice_clone: 'voice clone',
};

/** The file extension the upload grant needs, from a file name ("" when it has none). */
export function extensionOf(name: string): string {
  const m = /\.([a-z0-9]{1,8})$/i.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}
