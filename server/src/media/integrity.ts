import { audioDecodeArgs, videoHeadFramesArgs, videoPacketsArgs } from './ffmpeg/integrity-args.js';
import { MediaDefectError } from './media-defect.js';
import type { MediaInfo } from './probe.js';
import { FfmpegError, MediaTimeoutError, runMediaBinary } from './run-ffmpeg.js';

/**
 * Decode checks: a header can promise ten seconds that the file no longer holds (the first part of
 * a download, a WAV whose data size was never fixed up). These checks compare what the header
 * declares with what is actually there, before an input is used, and say what they found.
 *
 * Their cost does not grow with the length of a video: a few frames are decoded at its start and the
 * packets of its last seconds are listed (not decoded). Audio is decoded whole, which is fast (a
 * 30-minute MP3 in about a second).
 */

export interface PresentMedia {
  /** Seconds of the stream actually present (decoded audio; last video packet's end). */
  presentSec: number;
}

/** How far short of its declared length a stream may end and still count as whole. Pure. */
export function lengthTolerance(declaredSec: number): number {
  return Math.max(0.5, declaredSec * 0.02);
}

/** First number of each CSV line (ffprobe `-of csv=p=0`); lines without one are skipped. Pure. */
export function parseFirstNumbers(csv: string): number[] {
  const out: number[] = [];
  for (const line of csv.split('\n')) {
    const n = Number.parseFloat(line.split(',')[0] ?? '');
    if (Number.isFinite(n)) out.push(n);
  }
  return out;
}

/** End of the last packet listed as `pts,duration,flags` lines, or -Infinity when there is none. Pure. */
export function lastPacketEnd(csv: string): number {
  let end = -Infinity;
  for (const line of csv.split('\n')) {
    const [pts, duration] = line.split(',');
    const t = Number.parseFloat(pts ?? '');
    if (!Number.isFinite(t)) continue;
    const d = Number.parseFloat(duration ?? '');
    end = Math.max(end, t + (Number.isFinite(d) ? d : 0));
  }
  return end;
}

/** The last `out_time=HH:MM:SS.micro` of ffmpeg's `-progress` output, in seconds, or null. Pure. */
export function parseProgressOutTime(progress: string): number | null {
  let last: number | null = null;
  for (const m of progress.matchAll(/^out_time=(-?)(\d+):(\d+):(\d+(?:\.\d+)?)$/gm)) {
    const sec = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
    last = m[1] === '-' ? 0 : sec;
  }
  return last;
}

/** Runs one check; a timeout or a failing tool becomes a MediaDefectError without paths. */
async function runCheck(
  bin: string,
  args: string[],
  timeoutMs: number,
  signal: AbortSignal | undefined,
  failAs: 'undecodable' | 'unreadable',
): Promise<string> {
  try {
    return (await runMediaBinary(bin, args, { captureStdout: true, signal, timeoutMs })).stdout;
  } catch (err) {
    if (err instanceof MediaTimeoutError)
      throw new MediaDefectError('timeout', 'checking the file took too long', {}, err.message);
    if (err instanceof FfmpegError)
      throw new MediaDefectError(failAs, 'the file does not decode', {}, err.stderrTail);
    throw err;
  }
}

export interface CheckOptions {
  signal?: AbortSignal;
  /** Time limit of each tool run (ms). */
  timeoutMs?: number;
}

/**
 * Checks that the first video stream decodes and that its packets reach the declared end. Throws
 * MediaDefectError 'undecodable' (no frame decodes) or 'truncated' (with the declared and present
 * seconds); only then is the whole stream listed, to say how much of it is there.
 */
export async function checkVideoStream(
  ffprobe: string,
  file: string,
  info: MediaInfo,
  opts: CheckOptions = {},
): Promise<PresentMedia> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const video = info.video;
  if (!video) throw new MediaDefectError('unreadable', 'the file has no video stream');
  const head = await runCheck(ffprobe, videoHeadFramesArgs(file), timeoutMs, opts.signal, 'undecodable');
  if (parseFirstNumbers(head).length === 0) {
    throw new MediaDefectError('undecodable', 'no video frame decodes');
  }
  const start = video.startSec;
  const declaredSec = video.durationSec > 0 ? video.durationSec : info.durationSec;
  if (!(declaredSec > 0)) return { presentSec: 0 };
  const declaredEnd = start + declaredSec;
  const range = { fromSec: Math.max(0, declaredEnd - 3), toSec: declaredEnd + 1 };
  const tail = await runCheck(ffprobe, videoPacketsArgs(file, range), timeoutMs, opts.signal, 'unreadable');
  const tailEnd = lastPacketEnd(tail);
  if (tailEnd >= declaredEnd - lengthTolerance(declaredSec)) {
    return { presentSec: Math.min(declaredSec, tailEnd - start) };
  }
  // Cut short. Listing every packet reads the whole file, which only a damaged file pays for.
  const all = await runCheck(ffprobe, videoPacketsArgs(file), timeoutMs, opts.signal, 'unreadable');
  const presentSec = Math.max(0, lastPacketEnd(all) - start);
  throw new MediaDefectError('truncated', 'the video stream ends before its declared length', {
    declaredSec,
    presentSec,
  });
}

/**
 * Decodes the first audio stream whole and returns how long it really is. Throws MediaDefectError
 * 'undecodable' (nothing decodes) or 'truncated' (the header declares more than decodes; not for
 * lengths the header only estimates).
 */
export async function checkAudioStream(
  ffmpeg: string,
  file: string,
  info: MediaInfo,
  opts: CheckOptions = {},
): Promise<PresentMedia> {
  const audio = info.audio;
  if (!audio) throw new MediaDefectError('unreadable', 'the file has no audio stream');
  const declaredSec = audio.durationSec > 0 ? audio.durationSec : info.durationSec;
  // Decoding runs at hundreds of times real time; the limit leaves room for a busy machine.
  const timeoutMs = opts.timeoutMs ?? 30_000 + Math.max(0, declaredSec) * 100;
  const progress = await runCheck(ffmpeg, audioDecodeArgs(file), timeoutMs, opts.signal, 'undecodable');
  const presentSec = parseProgressOutTime(progress) ?? 0;
  if (presentSec < 0.05) throw new MediaDefectError('undecodable', 'no audio decodes', { declaredSec });
  if (!info.durationEstimated && declaredSec > 0 && presentSec < declaredSec - lengthTolerance(declaredSec)) {
    throw new MediaDefectError('truncated', 'the audio stream ends before its declared length', {
      declaredSec,
      presentSec,
    });
  }
  return { presentSec };
}
