/**
 * How long a result is, as people read it. The API's `duration` is the spec's int: whole seconds,
 * rounded to the nearest second (a 1.52 s video says 2). The result file itself knows better: an MP4's
 * movie header and an MP3's Xing/Info frame (or its frames) give the length to the millisecond, and
 * both sit at the start of the files likeness makes, so a few kilobytes are enough to read it.
 * Pure, apart from measureDuration's one ranged GET; no Node APIs, so it runs in browsers too.
 */

/** Precise seconds: "1.52 s", "75.00 s" → "1 min 15.00 s". */
export function formatSeconds(sec: number): string {
  if (sec < 60) return `${sec.toFixed(2)} s`;
  const min = Math.floor(sec / 60);
  return `${min} min ${(sec - min * 60).toFixed(2)} s`;
}

/**
 * A duration for people: the precise length when one was measured (`formatSeconds`), otherwise the
 * API's whole seconds said honestly as "about N s" (it is within half a second of the real length),
 * and "" when there is none (a task that is not finished, or a kind the API gives no duration for).
 */
export function describeDuration(apiSeconds: number | null | undefined, measuredSec?: number | null): string {
  if (typeof measuredSec === 'number' && Number.isFinite(measuredSec) && measuredSec > 0)
    return formatSeconds(measuredSec);
  if (typeof apiSeconds !== 'number' || !Number.isFinite(apiSeconds)) return '';
  return apiSeconds <= 0 ? 'under 0.5 s' : `about ${apiSeconds} s`;
}

const u32 = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const u64 = (b: Uint8Array, i: number) => u32(b, i) * 2 ** 32 + u32(b, i + 4);
const tag = (b: Uint8Array, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);

/** The boxes inside [start, end): type, where the body starts and where the box ends (may pass `end`). */
function* boxes(b: Uint8Array, start: number, end: number) {
  let at = start;
  while (at + 8 <= end) {
    let size = u32(b, at);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = u64(b, at + 8);
      body = at + 16;
    } else if (size === 0) size = b.length - at;
    if (size < body - at) return;
    yield { type: tag(b, at + 4), body, end: at + size };
    at += size;
  }
}

/**
 * An MP4's length, when `bytes` hold its index (`moov`): the longest track as it plays, which is its
 * edit list's length where it has one (an AAC track's edit list leaves out the encoder's priming
 * samples, which the movie header's duration counts), else the track or movie header's duration.
 */
export function mp4DurationSec(bytes: Uint8Array): number | null {
  const within = (box: { body: number; end: number }) =>
    boxes(bytes, box.body, Math.min(box.end, bytes.length));
  const moov = [...boxes(bytes, 0, bytes.length)].find((b) => b.type === 'moov');
  if (!moov || moov.end > bytes.length) return null;
  let timescale = 0;
  let movie = 0;
  let longest = 0;
  for (const box of within(moov)) {
    const v = bytes[box.body];
    if (box.type === 'mvhd') {
      [timescale, movie] =
        v === 1
          ? [u32(bytes, box.body + 20), u64(bytes, box.body + 24)]
          : [u32(bytes, box.body + 12), u32(bytes, box.body + 16)];
    } else if (box.type === 'trak') {
      let track = 0;
      let edited: number | null = null;
      for (const part of within(box)) {
        const pv = bytes[part.body];
        if (part.type === 'tkhd') track = pv === 1 ? u64(bytes, part.body + 28) : u32(bytes, part.body + 20);
        if (part.type !== 'edts') continue;
        for (const elst of within(part)) {
          if (elst.type !== 'elst') continue;
          const ev = bytes[elst.body];
          const n = u32(bytes, elst.body + 4);
          const size = ev === 1 ? 20 : 12;
          edited = 0;
          for (let i = 0, at = elst.body + 8; i < n && at + size <= elst.end; i++, at += size)
            edited += ev === 1 ? u64(bytes, at) : u32(bytes, at);
        }
      }
      longest = Math.max(longest, edited ?? track);
    }
  }
  if (timescale <= 0) return null;
  return (longest || movie) / timescale;
}

const MP3_BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES = [44100, 48000, 32000];

interface Mp3Frame {
  length: number;
  sampleRate: number;
  samples: number;
  /** Where a Xing/Info tag would start. */
  sideInfoEnd: number;
}

/** The MPEG audio layer III frame header at `i`, or null. */
function mp3Frame(b: Uint8Array, i: number): Mp3Frame | null {
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[i + 1]! >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
  const layer = (b[i + 1]! >> 1) & 3; // 1 = layer III
  const bitrateIndex = b[i + 2]! >> 4;
  const rateIndex = (b[i + 2]! >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null;
  const mpeg1 = version === 3;
  const sampleRate = MP3_RATES[rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const bitrate = (mpeg1 ? MP3_BITRATES.v1 : MP3_BITRATES.v2)[bitrateIndex]! * 1000;
  const samples = mpeg1 ? 1152 : 576;
  const padding = (b[i + 2]! >> 1) & 1;
  const length = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  const mono = b[i + 3]! >> 6 === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  return { length, sampleRate, samples, sideInfoEnd: i + 4 + sideInfo };
}

/**
 * An MP3's length: from the Xing/Info frame's frame count (less the encoder delay and padding of a
 * LAME tag), or, when the file has no such frame and `complete` says `bytes` are the whole file, by
 * counting its frames.
 */
export function mp3DurationSec(bytes: Uint8Array, complete = false): number | null {
  let at = 0;
  if (tag(bytes, 0).startsWith('ID3') && bytes.length >= 10) {
    const size =
      ((bytes[6]! & 0x7f) << 21) |
      ((bytes[7]! & 0x7f) << 14) |
      ((bytes[8]! & 0x7f) << 7) |
      (bytes[9]! & 0x7f);
    at = 10 + size + ((bytes[5]! & 0x10) !== 0 ? 10 : 0);
  }
  // The first frame: a few stray bytes may come before it.
  let first: Mp3Frame | null = null;
  for (const end = Math.min(bytes.length, at + 4096); at < end; at++) {
    first = mp3Frame(bytes, at);
    if (first && mp3Frame(bytes, at + first.length)) break;
    first = null;
  }
  if (!first) return null;
  const x = first.sideInfoEnd;
  const xing = x + 16 <= bytes.length ? tag(bytes, x) : '';
  if ((xing === 'Xing' || xing === 'Info') && (u32(bytes, x + 4) & 1) !== 0) {
    const flags = u32(bytes, x + 4);
    const frames = u32(bytes, x + 8);
    let samples = frames * first.samples;
    // The LAME extension follows the fields the flags announce: delay and padding, 12 bits each.
    const lame =
      x + 8 + (flags & 1 ? 4 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0);
    if (lame + 24 <= bytes.length && /^(LAME|Lavc|Lavf)/.test(tag(bytes, lame))) {
      const d = lame + 21;
      const delay = (bytes[d]! << 4) | (bytes[d + 1]! >> 4);
      const padding = ((bytes[d + 1]! & 0x0f) << 8) | bytes[d + 2]!;
      if (delay + padding < samples) samples -= delay + padding;
    }
    return samples / first.sampleRate;
  }
  if (!complete) return null;
  let samples = 0;
  for (let f: Mp3Frame | null = first; f; f = mp3Frame(bytes, at)) {
    samples += f.samples;
    at += f.length;
  }
  return samples / first.sampleRate;
}

/**
 * The length of an MP4 or MP3 from its first bytes (the whole file when `complete`), or null when
 * they do not say (another format, or an MP4 whose index is at the end).
 */
export function mediaDurationSec(bytes: Uint8Array, complete = false): number | null {
  if (bytes.length >= 8 && tag(bytes, 4) === 'ftyp') return mp4DurationSec(bytes);
  return mp3DurationSec(bytes, complete);
}

/** How much of a result measureDuration reads: the header of any MP4 likeness makes fits easily. */
export const DURATION_HEAD_BYTES = 256 * 1024;

/**
 * The precise length of a result (a work's `video_Url`) from the first DURATION_HEAD_BYTES of the
 * file, fetched with a Range request; null when the file does not say. Network failures throw.
 */
export async function measureDuration(
  url: string,
  opts: { fetch?: typeof fetch; signal?: AbortSignal; headBytes?: number } = {},
): Promise<number | null> {
  const f = opts.fetch ?? globalThis.fetch;
  const want = opts.headBytes ?? DURATION_HEAD_BYTES;
  const res = await f(url, { headers: { range: `bytes=0-${want - 1}` }, signal: opts.signal });
  if (!res.ok || !res.body) return null;
  const chunks: Uint8Array[] = [];
  let got = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    got += value.length;
    if (got >= want) {
      await reader.cancel();
      break;
    }
  }
  const bytes = new Uint8Array(Math.min(got, want));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c.subarray(0, bytes.length - at), at);
    at += Math.min(c.length, bytes.length - at);
  }
  const total = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
  const complete = res.status === 200 ? got < want : total !== undefined && Number(total) <= bytes.length;
  return mediaDurationSec(bytes, complete);
}
