import type { X264Preset } from '../ffmpeg/encode-args.js';
import type { FaceTrack } from '../face/track.js';
import type { RegionCacheOptions } from './region-cache.js';
import type { SpeechLanguage } from '../speech/languages.js';
import type { TimedPhoneme } from '../speech/timing.js';

/** Public shapes of the composition engine. Paths in, plain objects out; no HTTP, SQL or services. */

export interface MediaBins {
  ffmpeg: string;
  ffprobe: string;
}

export interface SubtitleCue {
  text: string;
  startSec: number;
  endSec: number;
}

export interface SubtitleStyle {
  /** null = the shipped CJK font; other names are looked up and fall back to it (see font-resolver.ts). */
  fontName: string | null;
  /** ASS font size: the line height in output pixels. */
  fontSize: number;
  /** '#rrggbb' */
  primaryColor: string;
  /** '#rrggbb' */
  outlineColor: string;
  /** The subtitle area in output pixels, top-left origin. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Idle motion of a picture avatar: none, or the two levels of avatar models 1 and 2. */
export type ImageMotion = 'still' | 'subtle' | 'lively';

/**
 * What speaks. `face` is the avatar's face track (source pixels); without one the picture is shown
 * as it is, unanimated. Video avatars move and blink on their own, so only their mouth is animated
 * (plus a nod on the beat for songs); pictures also blink and sway by `motion`.
 */
export type AvatarSource =
  | {
      kind: 'video';
      path: string;
      startSec: number;
      face?: FaceTrack | null;
      /**
       * The clip's SHA-256 (hashFile), when known: it names the region kept for the clip
       * (RenderOptions.regionCache), which is otherwise found by hashing the clip at every render.
       */
      contentHash?: string;
      /**
       * Where the clip comes back to its own start, when it does (findLoopCut: material frames at
       * `fps` from the clip's start): renders at that rate from the start loop there with no seam
       * instead of cross-fading.
       */
      seamlessCut?: { frames: number; fps: number } | null;
    }
  | {
      kind: 'image';
      path: string;
      motion: ImageMotion;
      face?: FaceTrack | null;
      /** A public illustrated character (its art id): its mouth and eyelids are drawn, not warped. */
      illustration?: string;
    };

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TemplateLayout {
  /** Size the background and box are drawn for; scaled to the output size if different. */
  width: number;
  height: number;
  /** width x height PNG that already carries the title. */
  backgroundPath: string;
  avatarBox: Box;
}

export interface AudioStem {
  path: string;
  /**
   * The sound's length when the caller measured it by decoding (a header may only estimate it: an
   * MP3 without a length header probes short); otherwise it is probed.
   */
  durationSec?: number;
  /** Integrated loudness target in LUFS (negative, -70..-5). */
  targetLufs?: number;
}

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface AigcLabel {
  /** Visible text in the video's language: aigcLabelText ('AI-generated', 'AI生成', ...). */
  text: string;
  /** Default 'top-right'. */
  corner?: Corner;
  /** Optional identifier of the work, written into the metadata mark. */
  produceId?: string;
}

export interface VideoOutput {
  path: string;
  /** Rounded down to even numbers (H.264 4:2:0 needs even sizes). */
  width: number;
  height: number;
  fps: number;
  /** x264 preset, default 'veryfast'. */
  preset?: X264Preset;
  /** x264 CRF, default 23. */
  crf?: number;
  /** The sound's AAC encoding; default stereo at 128 kbit/s. */
  audio?: { channels: 1 | 2; bitrateK: number };
}

/** Synthesised speech's phonemes (aligned to the speech file), for the mouth. */
export interface SpeechPhonemes {
  phonemes: readonly TimedPhoneme[];
  language: SpeechLanguage;
}

export interface TalkingVideoJob {
  avatar: AvatarSource;
  /** The driving audio: the video lasts exactly as long as this file (ffprobe duration). */
  speech: AudioStem;
  /**
   * How the mouth is driven: from these phonemes when the speech was synthesised; otherwise from
   * the sound itself, as speech or (`drive: 'song'`) as a song whose vocal band moves the mouth and
   * whose beats move the head.
   */
  phonemes?: SpeechPhonemes;
  drive?: 'speech' | 'song';
  /** Seed of blinks and idle motion (e.g. derived from the task id), so a retry renders the same. */
  motionSeed?: number;
  output: VideoOutput;
  /** Absent: the avatar fills the frame (cover-fit, centre crop). */
  layout?: TemplateLayout;
  subtitles?: { cues: SubtitleCue[]; style: SubtitleStyle };
  /** Looped/trimmed to the speech, normalised to targetLufs (default 12 LU under the speech). */
  bgm?: AudioStem;
  /** Looped/trimmed to the speech, normalised to targetLufs (default 18 LU under the speech). */
  ambience?: AudioStem;
  /** Integrated loudness target of the final mix. */
  mixLufs?: number;
  /** Custom cover: the MP4's attached picture and the video's first frame. */
  posterImagePath?: string;
  /**
   * A JPEG still of the finished video at `atSec` (for players: the work's poster), written by the
   * final encode itself; absent: none.
   */
  still?: { path: string; atSec: number };
  /** Visible corner mark + metadata comment; null or absent = none. */
  aigcLabel?: AigcLabel | null;
  /** A draft's visible mark ('TEST'), in the corner across from the AIGC mark; absent: none. */
  draftMark?: string | null;
}

export interface RenderProgress {
  (fraction: number): void;
}

export interface RenderOptions {
  signal?: AbortSignal;
  onProgress?: RenderProgress;
  /** Parent of the per-render working folder (default the OS temp folder); the folder is removed afterwards. */
  tmpDir?: string;
  /** Extra folders searched for subtitle fonts named in SubtitleStyle.fontName. */
  fontDirs?: readonly string[];
  /**
   * Nice value (0-19) of the render's worker thread and the ffmpeg it starts, on Linux; default
   * RENDER_NICENESS. 0 renders at the caller's priority.
   */
  niceness?: number;
  /**
   * Where video avatars' region sources are kept between renders (region-cache.ts); without it each
   * render decodes its own.
   */
  regionCache?: RegionCacheOptions;
  /**
   * Bytes of a video avatar's loop the encoder may hold in memory so that it decodes the loop's
   * material once instead of once per pass (heldMaterialBytes); default DEFAULT_LOOP_MEMORY_BYTES,
   * 0 never holds it.
   */
  loopMemoryBytes?: number;
}

export interface AudioJob {
  speech: AudioStem;
  /** .mp3 */
  outputPath: string;
  mixLufs?: number;
  bgm?: AudioStem;
  ambience?: AudioStem;
  /** Write the AIGC metadata comment (ID3 COMM). */
  aigcTag?: boolean | { produceId?: string };
}

export interface LoudnessMeasurement {
  integratedLufs: number;
  truePeakDb: number;
  lra: number;
}

/** Bad input media or parameters: retrying the same job cannot succeed. */
export class ComposeInputError extends Error {
  constructor(
    message: string,
    readonly input:
      'speech' | 'avatar' | 'background' | 'poster' | 'bgm' | 'ambience' | 'output' | 'subtitles',
  ) {
    super(message);
    this.name = 'ComposeInputError';
  }
}
