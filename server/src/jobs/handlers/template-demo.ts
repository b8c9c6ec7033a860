import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Container } from '../../container.js';
import {
  PUBLIC_AVATAR_ART,
  renderTemplateBackground,
  templateCanvas,
  type LivelyTemplate,
} from '../../media/art/index.js';
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
    const { avatarBox } = await renderTemplateBackground(t, { title: t.title, ...canvas, outPath: bg });
    const wav = join(dir, 'speech.wav');
    const line = '欢迎使用数字人视频模板。';
    const speech = await c.media.speech.synthesize(
      line,
      { language: 'zh', profile: null, rate: 1, volume: 1, pitch: 1 },
      wav,
    );
    const h = Math.round(canvas.height * 0.09);
    await renderTalkingVideo(
      c.media.bins,
      {
        avatar: { kind: 'image', path: avatarPng, motion: 'subtle' },
        speech: { path: wav, targetLufs: -16 },
        output: { path: outPath, ...canvas, fps: 25 },
        layout: { ...canvas, backgroundPath: bg, avatarBox },
        subtitles: {
          cues: cuesFromWords(wordsWithPunctuation(line, speech.words), 16),
          style: {
            fontName: null,
            fontSize: Math.round(h * 0.55),
            primaryColor: '#ffffff',
            outlineColor: '#000000',
            x: Math.round(canvas.width * 0.05),
            y: Math.round(canvas.height * 0.86),
            width: Math.round(canvas.width * 0.9),
            height: h,
          },
        },
        aigcLabel: { text: 'AI生成' },
      },
      { tmpDir: dir },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
