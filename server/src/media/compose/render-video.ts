import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { animateFrames, FramePool, pumpFrames, type FrameAnimator } from '../animate/frame-stream.js';
import { frameBytes } from '../animate/frame.js';
import { findPublicAvatarArt } from '../art/avatars.js';
import { analyseSpeech, animatesFace, prepareAnimator } from './animation.js';
import { settleBoth } from '../settle-both.js';
import { talkingVideoArgs } from '../ffmpeg/talking-video-args.js';
import { probeMedia } from '../probe.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import { buildAssSubtitles } from './ass-subtitles.js';
import { planVideoLoop, type LoopMode } from './avatar-filters.js';
import { decodeStillFrame, openAvatarFrames, type AvatarFrames } from './avatar-frames.js';
import { resolveSubtitleFont, type SubtitleFont } from './font-resolver.js';
import { probeAvatarVideo, probeImage, probeSpeech, uprightImage } from './inputs.js';
import { passFraction, stagedProgress } from './progress.js';
import { openRegionFrames, type RegionCacheUse, type RegionFrames } from './region-frames.js';
import { clipHash } from './region-cache.js';
import { DEFAULT_LOOP_MEMORY_BYTES, heldMaterialBytes } from './region-graph.js';
import { MAX_REGION_PASSES, planRegionLoop, regionPasses, revisitsMaterial } from './region-loop.js';
import { loopEntryFrames, seamlessOutpoint, type ClipTiming } from './concat-loop.js';
import { choosePipeline, type PipedAvatar } from './render-pipeline.js';
import { shippedRegularFontFile } from '../fonts/index.js';
import { buildSoundtrack, soundtrackPasses, type SoundtrackReport } from './soundtrack.js';
import { avatarBox, evenSize, planFinalPass, type PlannedAvatar } from './talking-video-plan.js';
import {
  ComposeInputError,
  type Box,
  type MediaBins,
  type RenderOptions,
  type TalkingVideoJob,
} from './types.js';

export interface TalkingVideoResult {
  /** Duration of the written file as ffprobe reports it. */
  durationSec: number;
  width: number;
  height: number;
  /**
   * How a video avatar filled the time ('once', 'crossfade', 'cut'; 'seamless': cut where the clip
   * comes back to its start); null for pictures.
   */
  loopMode: LoopMode | 'seamless' | null;
  /** The subtitle face used (null without subtitles); `fallback` tells if the requested one was replaced. */
  subtitleFont: SubtitleFont | null;
  soundtrack: SoundtrackReport;
  /**
   * 'region': ffmpeg decoded, looped and encoded the avatar, and likeness rendered only the region
   * that moves (or nothing, when nothing moves); 'frames': likeness decoded and animated whole frames.
   */
  pipeline: 'region' | 'frames';
  /** Where the piped region sits in the avatar's box (region pipeline with a moving face), else null. */
  region: Box | null;
  /**
   * Where the region pipeline's source came from: decoded by this render, or kept by an earlier one
   * (RenderOptions.regionCache); null without a piped region.
   */
  regionSource: 'decoded' | 'cache' | null;
  /**
   * How the region pipeline's encoder decoded a looped avatar: 'held' (the material once, replayed
   * from memory: RenderOptions.loopMemoryBytes), 'concat' (once per pass, by one decoder), 'inputs'
   * (one decoder per pass); null when the avatar is not looped by ffmpeg.
   */
  loopDecoding: 'held' | 'concat' | 'inputs' | null;
  /** Frames in which a face was animated, and frames shown as they are (no face near). */
  animatedFrames: number;
  unanimatedFrames: number;
}

/** How the encoder decodes a loop it plays (RegionSource: held, then concat, then one input per pass). */
function loopDecodingOf(held: boolean, concat: boolean): 'held' | 'concat' | 'inputs' {
  if (held) return 'held';
  return concat ? 'concat' : 'inputs';
}

/**
 * What likeness writes to the encoder's stdin: the animated region or whole frames (their source,
 * buffer pool and animator); null when the encoder decodes everything itself.
 */
async function openPiped(
  bins: MediaBins,
  piped: PipedAvatar | null,
  avatar: PlannedAvatar,
  r: { size: { width: number; height: number }; fps: number; frames: number; workDir: string },
  signal?: AbortSignal,
  cache?: RegionCacheUse | null,
  /** A picture's frame, decoded ahead of time (decodeStillFrame). */
  still?: Promise<Buffer> | null,
): Promise<{
  pictures: AvatarFrames;
  pool: FramePool;
  animator: FrameAnimator | null;
  /** Where a piped region's source came from (RegionFrames.origin); null for whole frames. */
  regionSource: RegionFrames['origin'] | null;
} | null> {
  if (!piped) return null;
  if (piped.kind === 'region') {
    const pool = new FramePool(frameBytes(piped.region.width, piped.region.height));
    const pictures = await openRegionFrames(bins, piped.source, piped.region, pool, r.workDir, signal, cache);
    return { pictures, pool, animator: piped.animator, regionSource: pictures.origin };
  }
  const pool = new FramePool(frameBytes(r.size.width, r.size.height));
  const pictures = await openAvatarFrames(bins, avatar, r.size, r.fps, r.frames, pool, signal, still);
  return { pictures, pool, animator: piped.animator, regionSource: null };
}

/** Relative cost of the stages, for one progress bar: audio passes are cheap, the encode is not. */
const WEIGHT = { audioPass: 0.4, mouth: 0.3, encode: 6 } as const;

function validate(job: TalkingVideoJob): void {
  const o = job.output;
  if (!(o.width >= 2 && o.height >= 2 && o.width <= 8192 && o.height <= 8192)) {
    throw new ComposeInputError(`output size ${o.width}x${o.height} is out of range`, 'output');
  }
  if (!(o.fps > 0 && o.fps <= 120)) throw new ComposeInputError(`fps ${o.fps} is out of range`, 'output');
  if (job.layout && !(job.layout.width > 0 && job.layout.height > 0)) {
    throw new ComposeInputError('template layout has no size', 'background');
  }
}

/**
 * Renders a talking video: the avatar (looped video or moving picture), optionally placed in a
 * template, with burnt-in subtitles, a custom cover, the AIGC mark, and the prepared soundtrack.
 * The file lasts exactly as long as the speech. The working folder is removed afterwards, also on
 * failure or abort. Runs in the calling thread, frames included: likeness calls it in a render's
 * own worker thread (renderTalkingVideo in render-client.ts).
 */
export async function renderTalkingVideoInThread(
  bins: MediaBins,
  job: TalkingVideoJob,
  opts: RenderOptions & {
    /**
     * The soundtrack, when another thread builds it (renderTalkingVideo does, while this thread
     * starts); its files must outlive the render. Default: built here.
     */
    soundtrack?: Promise<SoundtrackReport>;
  } = {},
): Promise<TalkingVideoResult> {
  validate(job);
  const { signal } = opts;
  // Work that needs nothing but the job's own paths starts at once, side by side: the sound's
  // analysis for the mouth (the longest, ~0.2 s a minute of speech) and the probes of the speech and
  // the avatar clip; everything else waits for the probes. The encoder starts only when all of it is
  // done, so every step here is time the render takes in full. Stopped when the render ends first.
  const started = new AbortController();
  const startedSignal = signal ? AbortSignal.any([signal, started.signal]) : started.signal;
  const features = animatesFace(job) ? analyseSpeech(bins, job, startedSignal) : null;
  const speechSec =
    job.speech.durationSec === undefined ? probeSpeech(bins, job.speech.path, startedSignal) : null;
  const clipProbe =
    job.avatar.kind === 'video' ? probeAvatarVideo(bins, job.avatar.path, startedSignal) : null;
  // A picture (not a drawn character) is checked while it is turned upright and decoded; the check
  // is awaited before its frame is used, so an unreadable picture fails with the check's error.
  const pictureProbe =
    job.avatar.kind === 'image' && !job.avatar.illustration
      ? probeImage(bins, job.avatar.path, 'avatar', startedSignal)
      : null;
  let stillFrame: Promise<Buffer> | null = null;
  // Each is awaited in its turn below (or not at all when an earlier step fails).
  for (const p of [features, speechSec, clipProbe, pictureProbe]) p?.catch(() => undefined);
  const workDir = await mkdtemp(path.join(opts.tmpDir ?? os.tmpdir(), 'likeness-compose-')).catch((err) => {
    started.abort();
    throw err;
  });
  try {
    const durationSec = job.speech.durationSec ?? (await speechSec!);
    const { width, height } = evenSize(job.output.width, job.output.height);
    const fps = job.output.fps;
    const box = avatarBox(job.output, job.layout ?? null);

    let avatar: PlannedAvatar;
    let clipTiming: ClipTiming | null = null;
    // Kept region sources are named by the clip's content; hashing it overlaps the planning.
    let cache: RegionCacheUse | null = null;
    if (job.avatar.kind === 'video' && opts.regionCache) {
      const contentHash = clipHash(job.avatar);
      contentHash.catch(() => undefined); // a clip that cannot be read fails its probe first
      cache = { options: opts.regionCache, contentHash };
    }
    if (job.avatar.kind === 'video') {
      const clip = await clipProbe!;
      clipTiming = clip.timing;
      const cut = job.avatar.seamlessCut?.fps === fps ? job.avatar.seamlessCut.frames : null;
      const loop = planVideoLoop(clip.sec, job.avatar.startSec, durationSec, fps, cut);
      avatar = { kind: 'video', path: job.avatar.path, loop };
    } else {
      const art = job.avatar.illustration ? findPublicAvatarArt(job.avatar.illustration) : undefined;
      if (job.avatar.illustration && !art) {
        throw new ComposeInputError(
          `unknown illustration ${job.avatar.illustration}; use one of the public avatars' ids`,
          'avatar',
        );
      }
      let picture = job.avatar.path;
      if (art) {
        // The character without its mouth: the mouth is drawn for every frame.
        picture = path.join(workDir, 'illustration.png');
        await art.renderPng(picture, { mouth: false });
      }
      avatar = { kind: 'image', path: await uprightImage(picture, workDir, 'avatar') };
      // Decoded while the motion is planned (a whole-frame render shows it as the background).
      stillFrame = decodeStillFrame(bins, avatar.path, box, startedSignal);
      stillFrame.catch(() => undefined);
    }
    if (job.layout) await probeImage(bins, job.layout.backgroundPath, 'background', signal);
    let posterPath: string | null = null;
    if (job.posterImagePath) {
      await probeImage(bins, job.posterImagePath, 'poster', signal);
      posterPath = await uprightImage(job.posterImagePath, workDir, 'poster');
    }

    const progress = stagedProgress(opts.onProgress, [
      WEIGHT.audioPass * soundtrackPasses(job),
      WEIGHT.mouth,
      WEIGHT.encode,
    ]);

    const frames = Math.ceil(durationSec * fps) + 1;
    const size = { width: box.width, height: box.height };
    // A video avatar that ffmpeg can play and loop on its own: the face motion follows that plan's
    // frames (its material cut to whole frames), whichever pipeline then renders.
    // A loop whose material fits in the memory allowed is decoded once and held by the encoder; one
    // from the clip's start is otherwise decoded once per pass by one decoder (concat), however many
    // passes; any other by one decoder per pass, up to MAX_REGION_PASSES.
    const entryFrames =
      avatar.kind === 'video' && clipTiming ? loopEntryFrames(avatar.loop, clipTiming, fps) : null;
    const anyPasses = avatar.kind === 'video' ? planRegionLoop(avatar.loop, fps, frames, Infinity) : null;
    const held =
      anyPasses !== null &&
      revisitsMaterial(anyPasses) &&
      heldMaterialBytes(anyPasses, size) <= (opts.loopMemoryBytes ?? DEFAULT_LOOP_MEMORY_BYTES);
    const regionLoop =
      anyPasses && (held || entryFrames || regionPasses(anyPasses).length <= MAX_REGION_PASSES)
        ? anyPasses
        : null;
    if (avatar.kind === 'video' && regionLoop) avatar = { ...avatar, loop: regionLoop.loop };
    const concat = entryFrames
      ? {
          entryFrames,
          playlistPath: path.join(workDir, 'passes.ffconcat'),
          outpointSec: regionLoop && clipTiming ? seamlessOutpoint(regionLoop, clipTiming, fps) : null,
        }
      : null;
    // The soundtrack (ffmpeg processes) and the face motion and pipeline plan (JavaScript, from the
    // unprocessed speech) need nothing from each other: they run side by side.
    const [soundtrack, pipeline] = await settleBoth(
      opts.soundtrack?.finally(() => progress.stage(0)(1)) ??
        buildSoundtrack(bins, job, durationSec, workDir, {
          signal,
          onProgress: progress.stage(0),
          foldGain: true,
        }),
      prepareAnimator(job, features, {
        loop: avatar.kind === 'video' ? avatar.loop : null,
        size,
        fps,
        frames,
        durationSec,
      }).then((animator) =>
        choosePipeline(avatar, regionLoop, animator, size, fps, frames, { concat, held }),
      ),
    );
    progress.stage(1)(1);

    let subtitleFont: SubtitleFont | null = null;
    let subtitles: { assPath: string; fontsDir: string } | null = null;
    if (job.subtitles && job.subtitles.cues.length > 0) {
      const { cues, style } = job.subtitles;
      subtitleFont = await resolveSubtitleFont(style.fontName, cues.map((c) => c.text).join(''), {
        workDir,
        fontDirs: opts.fontDirs,
      });
      const assPath = path.join(workDir, 'subtitles.ass');
      await writeFile(
        assPath,
        buildAssSubtitles(cues, { ...style, fontName: subtitleFont.faceName }, { width, height }),
      );
      subtitles = { assPath, fontsDir: subtitleFont.fontsDir };
    }

    const spec = planFinalPass({
      output: job.output,
      avatar: pipeline.avatarGraph,
      durationSec,
      layout: job.layout ?? null,
      posterPath,
      audioPath: soundtrack.path,
      audioFilter: soundtrack.filter,
      subtitles,
      aigc: job.aigcLabel ? { ...job.aigcLabel, fontFile: shippedRegularFontFile() } : null,
      draftMark: job.draftMark ? { text: job.draftMark, fontFile: shippedRegularFontFile() } : null,
      still: job.still ?? null,
    });
    for (const f of pipeline.avatarGraph.files ?? []) await writeFile(f.path, f.text);
    const encode = progress.stage(2);
    const piped = pipeline.piped;
    await pictureProbe;
    const feed = await openPiped(
      bins,
      piped,
      avatar,
      { size, fps, frames, workDir },
      signal,
      cache,
      stillFrame,
    );
    // The encoder reads the animated frames (or the animated region) from stdin. A failing frame
    // source must stop it (it would wait for more input forever), and a finished or failed encoder
    // stops the decoder.
    const stopEncoder = new AbortController();
    const encoderSignal = signal ? AbortSignal.any([signal, stopEncoder.signal]) : stopEncoder.signal;
    const stopPump = new AbortController();
    let pumping: Promise<void> = Promise.resolve();
    try {
      await runMediaBinary(bins.ffmpeg, talkingVideoArgs(spec), {
        signal: encoderSignal,
        onStdin: feed
          ? (stdin: Writable) => {
              pumping = pumpFrames(
                animateFrames(feed.pictures.source, frames, feed.animator, feed.pool),
                stdin,
                feed.pool,
                stopPump.signal,
              ).catch((err: unknown) => stopEncoder.abort(err));
            }
          : undefined,
        onProgress: (sec) => encode(passFraction(sec, durationSec)),
      });
    } catch (err) {
      // Never leave a truncated work behind.
      await rm(job.output.path, { force: true });
      if (job.still) await rm(job.still.path, { force: true });
      throw err;
    } finally {
      stopPump.abort();
      await pumping;
      await feed?.pictures.close();
    }
    const out = await probeMedia(bins.ffprobe, job.output.path, signal);
    progress.finish();
    return {
      durationSec: out.durationSec,
      width,
      height,
      loopMode: avatar.kind !== 'video' ? null : avatar.loop.seamless ? 'seamless' : avatar.loop.mode,
      subtitleFont,
      soundtrack,
      pipeline: piped?.kind === 'region' || !piped ? 'region' : 'frames',
      region: piped?.kind === 'region' ? piped.region : null,
      regionSource: feed?.regionSource ?? null,
      loopDecoding:
        pipeline.piped?.kind === 'frames' || !regionLoop || !revisitsMaterial(regionLoop)
          ? null
          : loopDecodingOf(held, concat !== null),
      animatedFrames: piped?.animator?.stats.animated ?? 0,
      unanimatedFrames: piped?.animator ? piped.animator.stats.passed : frames,
    };
  } finally {
    started.abort();
    await rm(workDir, { recursive: true, force: true });
  }
}
