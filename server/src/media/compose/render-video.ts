import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { talkingVideoArgs, loopUnitArgs } from '../ffmpeg/talking-video-args.js';
import { probeMedia } from '../probe.js';
import { runMediaBinary } from '../run-ffmpeg.js';
import { buildAssSubtitles } from './ass-subtitles.js';
import { loopUnitFilter, planVideoLoop, type LoopMode } from './avatar-filters.js';
import { resolveSubtitleFont, type SubtitleFont } from './font-resolver.js';
import { probeAvatarVideo, probeImage, probeSpeech, uprightImage } from './inputs.js';
import { passFraction, stagedProgress } from './progress.js';
import { shippedRegularFontFile } from '../fonts/index.js';
import { buildSoundtrack, soundtrackPasses, type SoundtrackReport } from './soundtrack.js';
import { evenSize, layoutBox, planFinalPass, type PlannedAvatar } from './talking-video-plan.js';
import { ComposeInputError, type MediaBins, type RenderOptions, type TalkingVideoJob } from './types.js';

export interface TalkingVideoResult {
  /** Duration of the written file as ffprobe reports it. */
  durationSec: number;
  width: number;
  height: number;
  /** How a video avatar filled the time ('once', 'crossfade', 'cut'); null for pictures. */
  loopMode: LoopMode | null;
  /** The subtitle face used (null without subtitles); `fallback` tells if the requested one was replaced. */
  subtitleFont: SubtitleFont | null;
  soundtrack: SoundtrackReport;
}

/** Relative cost of the stages, for one progress bar: audio passes are cheap, the encode is not. */
const WEIGHT = { audioPass: 0.4, loopUnit: 1.5, encode: 6 } as const;

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
 * failure or abort.
 */
export async function renderTalkingVideo(
  bins: MediaBins,
  job: TalkingVideoJob,
  opts: RenderOptions = {},
): Promise<TalkingVideoResult> {
  validate(job);
  const { signal } = opts;
  const workDir = await mkdtemp(path.join(opts.tmpDir ?? os.tmpdir(), 'likeness-compose-'));
  try {
    const durationSec = await probeSpeech(bins, job.speech.path, signal);
    const { width, height } = evenSize(job.output.width, job.output.height);
    const fps = job.output.fps;
    const box = job.layout ? layoutBox(job.layout, width, height) : { x: 0, y: 0, width, height };

    let avatar: PlannedAvatar;
    if (job.avatar.kind === 'video') {
      const clipSec = await probeAvatarVideo(bins, job.avatar.path, signal);
      const loop = planVideoLoop(clipSec, job.avatar.startSec, durationSec, fps);
      avatar = { kind: 'video', path: job.avatar.path, loop, unitPath: null };
    } else {
      await probeImage(bins, job.avatar.path, 'avatar', signal);
      avatar = {
        kind: 'image',
        path: await uprightImage(job.avatar.path, workDir, 'avatar'),
        motion: job.avatar.motion,
      };
    }
    if (job.layout) await probeImage(bins, job.layout.backgroundPath, 'background', signal);
    let posterPath: string | null = null;
    if (job.posterImagePath) {
      await probeImage(bins, job.posterImagePath, 'poster', signal);
      posterPath = await uprightImage(job.posterImagePath, workDir, 'poster');
    }

    const needsUnit = avatar.kind === 'video' && avatar.loop.mode !== 'once';
    const progress = stagedProgress(opts.onProgress, [
      WEIGHT.audioPass * soundtrackPasses(job),
      needsUnit ? WEIGHT.loopUnit : 0,
      WEIGHT.encode,
    ]);

    const soundtrack = await buildSoundtrack(bins, job, durationSec, workDir, {
      signal,
      onProgress: progress.stage(0),
    });

    if (avatar.kind === 'video' && avatar.loop.mode !== 'once') {
      const unitPath = path.join(workDir, 'avatar-loop.mp4');
      const unitSec = avatar.loop.availableSec - avatar.loop.crossfadeSec;
      const report = progress.stage(1);
      await runMediaBinary(
        bins.ffmpeg,
        loopUnitArgs({
          input: avatar.path,
          startSec: avatar.loop.startSec,
          filterGraph: loopUnitFilter(avatar.loop, box, fps),
          fps,
          output: unitPath,
        }),
        { signal, onProgress: (sec) => report(passFraction(sec, unitSec)) },
      );
      avatar = { ...avatar, unitPath };
    }

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
      durationSec,
      avatar,
      layout: job.layout ?? null,
      posterPath,
      audioPath: soundtrack.path,
      subtitles,
      aigc: job.aigcLabel ? { ...job.aigcLabel, fontFile: shippedRegularFontFile() } : null,
    });
    const encode = progress.stage(2);
    try {
      await runMediaBinary(bins.ffmpeg, talkingVideoArgs(spec), {
        signal,
        onProgress: (sec) => encode(passFraction(sec, durationSec)),
      });
    } catch (err) {
      await rm(job.output.path, { force: true }); // never leave a truncated work behind
      throw err;
    }
    const out = await probeMedia(bins.ffprobe, job.output.path, signal);
    progress.finish();
    return {
      durationSec: out.durationSec,
      width,
      height,
      loopMode: avatar.kind === 'video' ? avatar.loop.mode : null,
      subtitleFont,
      soundtrack,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
