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

/** What each task type is, in words (the API's type names are for programs). */
export const TASK_TYPE: Record<string, string> = {
  video_tts: 'Video from text',
  video_audio: 'Video from audio',
  video_template: 'Video from a template',
  video_image: 'Video from a photo',
  video_sing: 'Singing video',
  video_translate: 'Translated video',
  audio_tts: 'Audio from text',
  avatar_video: 'Avatar from a video',
  avatar_image: 'Avatar from an image',
  clone_avatar: 'Avatar from a portrait',
  voice_clone: 'Cloned voice',
};

/** A task type in words; a type this console does not know yet is spelled out, never shown raw. */
export function taskTypeName(type: string): string {
  const known = TASK_TYPE[type];
  if (known) return known;
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Task';
}

/** What a task made, as a noun for sentences ("charged for video t_…"). */
export function taskNoun(type: string | null): string {
  if (!type) return 'task';
  if (type.startsWith('video_')) return 'video';
  if (type === 'audio_tts') return 'audio';
  if (type.startsWith('avatar_') || type === 'clone_avatar') return 'avatar';
  if (type === 'voice_clone') return 'voice clone';
  return 'task';
}

/** The file extension the upload grant needs, from a file name ("" when it has none). */
export function extensionOf(name: string): string {
  const m = /\.([a-z0-9]{1,8})$/i.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}
