import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Container } from '../../container.js';
import {
  PUBLIC_AVATAR_ART,
  renderTemplateBackground,
  templateCanvas,
  type LivelyTemplate,
} from '../../media/art/index.js';
import { CUE_CHARS, templateSubtitleStyle } from './template-subtitles.js';
import { cuesFromWords, renderTalkingVideo, wordsWithPunctuation } from '../../media/compose/index.js';

/** A short sample video of a template: its first public avatar reads one sentence. */
export async function renderTemplateDemo(c: Container, t: LivelyTemplate, outPath: string): Promise<void> {
  const dir = await mkdtemp(join(c.media.tmpDir, 'demo-'));
  try {
    const art = PUBLIC_AVATAR_ART[0]!;
    const avatarPng = join(dir, 'avatar.png');
    await art.renderPng(avatarPng);
    const canvas = templateCanvas(t, { width: art.width, height: art.height });
    const bg = join(dir, 'bg.png');
    const { avatarBox, subtitleBox } = await renderTemplateBackground(t, {
      title: t.title,
      ...canvas,
      outPath: bg,
    });
    const wav = join(dir, 'speech.wav');
    const line = '欢迎使用数字人视频模板。';
    const speech = await c.media.speech.synthesize(
      line,
      { language: 'zh', profile: null, rate: 1, volume: 1, pitch: 1 },
      wav,
    );
    await renderTalkingVideo(
      c.media.bins,
      {
        avatar: { kind: 'image', path: avatarPng, motion: 'subtle' },
        speech: { path: wav, targetLufs: -16 },
        output: { path: outPath, ...canvas, fps: 25 },
        layout: { ...canvas, backgroundPath: bg, avatarBox },
        subtitles: {
          cues: cuesFromWords(wordsWithPunctuation(line, speech.words), CUE_CHARS),
          style: templateSubtitleStyle(subtitleBox),
        },
        aigcLabel: { text: 'AI生成' },
      },
      { tmpDir: dir },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
