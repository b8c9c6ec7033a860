import { runMediaBinary } from './run-ffmpeg.js';

/** What likeness knows about a media file. Services never see raw ffprobe fields. */
export interface MediaInfo {
  /** ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2", "mp3", "wav", "image2", "png_pipe". */
  formatName: string;
  durationSec: number;
  sizeBytes: number;
  video: VideoStreamInfo | null;
  audio: AudioStreamInfo | null;
  tags: Record<string, string>;
}

export interface VideoStreamInfo {
  codec: string;
  width: number;
  height: number;
  fps: number;
  /** Display rotation in degrees (0, 90, 180, 270) from side data or the rotate tag. */
  rotation: number;
  /** True for cover art / still-image streams inside audio containers. */
  attachedPic: boolean;
}

export interface AudioStreamInfo {
  codec: string;
  sampleRate: number;
  channels: number;
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  tags?: Record<string, string>;
  disposition?: Record<string, number>;
  side_data_list?: { rotation?: number }[];
}

interface RawProbe {
  streams?: RawStream[];
  format?: { format_name?: string; duration?: string; size?: string; tags?: Record<string, string> };
}

const num = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'number' ? v : Number.parseFloat(String(v ?? ''));
  return Number.isFinite(n) ? n : fallback;
};

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [a, b] = rate.split('/');
  const n = num(a);
  const d = b === undefined ? 1 : num(b);
  return d > 0 ? n / d : 0;
}

function normaliseRotation(deg: number): number {
  return (((Math.round(deg / 90) * 90) % 360) + 360) % 360;
}

/** Normalises ffprobe's `-show_format -show_streams` JSON. Pure; tested against stored output. */
export function parseProbeJson(raw: unknown): MediaInfo {
  const probe = (raw ?? {}) as RawProbe;
  const streams = probe.streams ?? [];
  const v =
    streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic) ??
    streams.find((s) => s.codec_type === 'video');
  const a = streams.find((s) => s.codec_type === 'audio');
  const format = probe.format ?? {};
  let duration = num(format.duration, NaN);
  if (!Number.isFinite(duration)) {
    duration = Math.max(0, ...streams.map((s) => num(s.duration)));
  }
  return {
    formatName: format.format_name ?? 'unknown',
    durationSec: duration,
    sizeBytes: num(format.size),
    video: v
      ? {
          codec: v.codec_name ?? 'unknown',
          width: num(v.width),
          height: num(v.height),
          fps: parseRate(v.avg_frame_rate) || parseRate(v.r_frame_rate),
          rotation: normaliseRotation(
            num(v.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? v.tags?.rotate),
          ),
          attachedPic: Boolean(v.disposition?.attached_pic),
        }
      : null,
    audio: a
      ? { codec: a.codec_name ?? 'unknown', sampleRate: num(a.sample_rate), channels: num(a.channels) }
      : null,
    tags: format.tags ?? {},
  };
}

/** Display size after rotation (a 1080x1920 stream rotated 90° displays as 1920x1080). */
export function displaySize(video: VideoStreamInfo): { width: number; height: number } {
  return video.rotation % 180 === 0
    ? { width: video.width, height: video.height }
    : { width: video.height, height: video.width };
}

export function probeArgs(file: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];
}

export async function probeMedia(ffprobe: string, file: string, signal?: AbortSignal): Promise<MediaInfo> {
  const { stdout } = await runMediaBinary(ffprobe, probeArgs(file), {
    captureStdout: true,
    signal,
    timeoutMs: 30_000,
  });
  return parseProbeJson(JSON.parse(stdout));
}
