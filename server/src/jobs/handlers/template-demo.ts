import { join } from 'node:path';
import {
  PUBLIC_AVATAR_ART,
  renderTemplateBackground,
  templateCanvas,
  type LivelyTemplate,
} from '../../media/art/index.js';
import { cuesFromWords, renderTalkingVideo, wordsWithPunctuation } from '../../media/compose/index.js';
import type { MediaToolkit } from '../../media/toolkit.js';
import { CUE_CHARS, templateSubtitleStyle } from './template-subtitles.js';
import { TIME_LIMITS, withTimeLimit } from './time-limits.js';

const DEMO_LINE = '欢迎使用数字人视频模板。';

/**
 * A short sample video of a template (catalogue.render): its first public avatar reads one sentence.
 * Its files go to `tmpDir`, which the caller removes.
 */
export async function renderTemplateDemo(
  media: Pick<MediaToolkit, 'speech' | 'bins'>,
  t: LivelyTemplate,
  outPath: string,
  tmpDir: string,
  signal: AbortSignal,
): Promise<void> {
  const art = PUBLIC_AVATAR_ART[0]!;
  const avatarPng = join(tmpDir, 'avatar.png');
  await art.renderPng(avatarPng);
  const canvas = templateCanvas(t, { width: art.width, height: art.height });
  const bg = join(tmpDir, 'bg.png');
  const { avatarBox, subtitleBox } = await renderTemplateBackground(t, {
    title: t.title,
    ...canvas,
    outPath: bg,
  });
  const wav = join(tmpDir, 'speech.wav');
  const speech = await withTimeLimit(
    signal,
    TIME_LIMITS.synthesis(DEMO_LINE.length),
    'speech synthesis',
    (s) =>
      media.speech.synthesize(
        DEMO_LINE,
        { language: 'zh', profile: null, rate: 1, volume: 1, pitch: 1 },
        wav,
        {
          signal: s,
        },
      ),
  );
  await withTimeLimit(signal, TIME_LIMITS.render(speech.durationSec), 'rendering', (s) =>
    renderTalkingVideo(
      media.bins,
      {
        avatar: { kind: 'image', path: avatarPng, motion: 'subtle' },
        speech: { path: wav, targetLufs: -16 },
        output: { path: outPath, ...canvas, fps: 25 },
        layout: { ...canvas, backgroundPath: bg, avatarBox },
        subtitles: {
          cues: cuesFromWords(wordsWithPunctuation(DEMO_LINE, speech.words), CUE_CHARS),
          style: templateSubtitleStyle(subtitleBox),
        },
        aigcLabel: { text: 'AI生成' },
      },
      { signal: s, tmpDir },
    ),
  );
}
