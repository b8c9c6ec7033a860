import { MediaDefectError } from './media-defect.js';
import { FfmpegError, MediaTimeoutError, runMediaBinary } from './run-ffmpeg.js';

/** What likeness knows about a media file. Services never see raw ffprobe fields. */
export interface MediaInfo {
  /** ffprobe's format_name, e.g. "mov,mp4,m4a,3gp,3g2,mj2", "mp3", "wav", "image2", "png_pipe". */
  formatName: string;
  durationSec: number;
  /**
   * True when the length is a guess from the bitrate (MP3 without a length header, raw AAC): it
   * may be off by several per cent either way, so it is no evidence of a cut-off file.
   */
  durationEstimated: boolean;
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
  /** The stream's own start and length in seconds (0 when the container does not say). */
  startSec: number;
  durationSec: number;
  /** The unit of the stream's timestamps (1/15360 for 1/15360 s), null when ffprobe does not say. */
  timeBase: { num: number; den: number } | null;
}

export interface AudioStreamInfo {
  codec: string;
  sampleRate: number;
  channels: number;
  startSec: number;
  durationSec: number;
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
  start_time?: string;
  time_base?: string;
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

/** ffprobe's warning when it guesses a length from the bitrate. */
const ESTIMATED_RE = /Estimating duration from bitrate/;

/**
 * Normalises ffprobe's `-show_format -show_streams` JSON (and its warnings on stderr, which say
 * whether the length is estimated). Pure; tested against stored output.
 */
export function parseProbeJson(raw: unknown, warnings = ''): MediaInfo {
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
    durationEstimated: ESTIMATED_RE.test(warnings),
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
          startSec: num(v.start_time),
          durationSec: num(v.duration),
          timeBase: parseTimeBase(v.time_base),
        }
      : null,
    audio: a
      ? {
          codec: a.codec_name ?? 'unknown',
          sampleRate: num(a.sample_rate),
          channels: num(a.channels),
          startSec: num(a.start_time),
          durationSec: num(a.duration),
        }
      : null,
    tags: format.tags ?? {},
  };
}

/** A time base as ffprobe writes it ("1/15360"), or null. */
function parseTimeBase(s: string | undefined): VideoStreamInfo['timeBase'] {
  const m = /^(\d+)\/(\d+)$/.exec(s ?? '');
  if (!m) return null;
  const num = Number(m[1]);
  const den = Number(m[2]);
  return num > 0 && den > 0 ? { num, den } : null;
}

/** Display size after rotation (a 1080x1920 stream rotated 90° displays as 1920x1080). */
export function displaySize(video: VideoStreamInfo): { width: number; height: number } {
  return video.rotation % 180 === 0
    ? { width: video.width, height: video.height }
    : { width: video.height, height: video.width };
}

/** Warnings are kept (on stderr): they tell an estimated length from a declared one. */
export function probeArgs(file: string): string[] {
  return ['-v', 'warning', '-print_format', 'json', '-show_format', '-show_streams', file];
}

/** How long reading a file's header may take; a header that takes longer is not one we can use. */
export const PROBE_TIMEOUT_MS = 30_000;

/**
 * Reads a file's header. A file ffprobe cannot read, or reads without finding a single stream,
 * fails with MediaDefectError ('unreadable', or 'timeout'); the message names no path.
 */
export async function probeMedia(ffprobe: string, file: string, signal?: AbortSignal): Promise<MediaInfo> {
  let out: { stdout: string; stderr: string };
  try {
    out = await runMediaBinary(ffprobe, probeArgs(file), {
      captureStdout: true,
      signal,
      timeoutMs: PROBE_TIMEOUT_MS,
    });
  } catch (err) {
    if (err instanceof MediaTimeoutError) {
      throw new MediaDefectError('timeout', 'reading the file took too long', {}, err.message);
    }
    if (err instanceof FfmpegError) {
      throw new MediaDefectError('unreadable', 'the file is not readable media', {}, err.stderrTail);
    }
    throw err;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(out.stdout);
  } catch {
    throw new MediaDefectError('unreadable', 'the file is not readable media', {}, out.stderr.slice(-4000));
  }
  const info = parseProbeJson(raw, out.stderr);
  if (!info.video && !info.audio) {
    throw new MediaDefectError('unreadable', 'the file holds no audio or video', {}, out.stderr.slice(-4000));
  }
  return info;
}
