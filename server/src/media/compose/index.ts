/** likeness composition engine: talking videos, audio works, loudness, subtitles. */
export type {
  AigcLabel,
  AudioJob,
  AudioStem,
  AvatarSource,
  Box,
  Corner,
  ImageMotion,
  LoudnessMeasurement,
  MediaBins,
  RenderOptions,
  RenderProgress,
  SubtitleCue,
  SubtitleStyle,
  TalkingVideoJob,
  TemplateLayout,
  VideoOutput,
} from './types.js';
export { ComposeInputError } from './types.js';
export {
  renderTalkingVideo,
  renderThreadWarmed,
  RENDER_NICENESS,
  warmRenderThread,
} from './render-client.js';
export { hashFile } from './region-cache.js';
export { keepAvatarRegion } from './region-keeper-client.js';
export type { KeepRegionJob, KeptRegion } from './region-keeper.js';
export type { TalkingVideoResult } from './render-video.js';
export { planVideoLoop, type VideoLoopPlan } from './avatar-filters.js';
export { findLoopCut, LOOP_CUT_MAX_SEC } from './loop-cut-finder.js';
export { renderAudio } from './render-audio.js';
export { DRAFT, draftJob, draftOutput, draftScale, scaledSize, scaleSubtitleStyle } from './draft.js';
export { measureLoudness, normaliseLoudness, type NormaliseResult } from './loudness.js';
export { copyClipStretch } from './clip-stretch.js';
export { extractFrame } from './frame.js';
export { buildAssSubtitles } from './ass-subtitles.js';
export { cuesFromWords, wordsWithPunctuation, type TimedWord } from './subtitle-cues.js';
export { resolveSubtitleFont, type SubtitleFont } from './font-resolver.js';
export { AIGC_NEUTRAL_LABEL, aigcComment, aigcLabelText, hasAigcMark } from './aigc.js';
export { SHIPPED_FACE_NAME, shippedFontsDir, shippedRegularFontFile } from '../fonts/index.js';
export { X264_PRESETS, type X264Preset } from '../ffmpeg/encode-args.js';
