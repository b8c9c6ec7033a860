import { formatNumber } from './filter-escape.js';

/**
 * Command lines of the decode checks that run before an input is used. They read as little of the
 * file as proves it whole: a few decoded frames at the start of a video, the packets of its last
 * seconds (listed, not decoded), and the whole audio stream of a sound file (decoding audio is cheap).
 */

/** ffprobe: decodes the first `frames` packets of the first video stream and prints each frame's time. */
export function videoHeadFramesArgs(file: string, frames = 3): string[] {
  return [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-read_intervals',
    `%+#${frames}`,
    '-show_entries',
    'frame=best_effort_timestamp_time',
    '-of',
    'csv=p=0',
    file,
  ];
}

/**
 * ffprobe: lists the first video stream's packets (time, duration, flags) without decoding them,
 * from the key frame at or before `fromSec` up to `toSec`; the whole stream when no range is given.
 */
export function videoPacketsArgs(file: string, range?: { fromSec: number; toSec: number }): string[] {
  return [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    ...(range ? ['-read_intervals', `${formatNumber(range.fromSec)}%${formatNumber(range.toSec)}`] : []),
    '-show_entries',
    'packet=pts_time,duration_time,flags',
    '-of',
    'csv=p=0',
    file,
  ];
}

/** ffmpeg: decodes the first audio stream into nothing; `-progress` prints the decoded length on stdout. */
export function audioDecodeArgs(file: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-i',
    file,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-f',
    'null',
    '-progress',
    'pipe:1',
    '-nostats',
    '-',
  ];
}
