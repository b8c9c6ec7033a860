import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assColour,
  assEscapeText,
  assTime,
  buildAssSubtitles,
  fitAreaToFrame,
  normaliseCues,
} from './ass-subtitles.js';

test('colours and times in ASS notation', () => {
  assert.equal(assColour('#ffcc00'), '&H0000CCFF');
  assert.equal(assColour('#1a2B3c'), '&H003C2B1A');
  assert.equal(assColour('#f00'), '&H000000FF');
  assert.throws(() => assColour('red'), RangeError);
  assert.equal(assTime(0), '0:00:00.00');
  assert.equal(assTime(3.456), '0:00:03.46');
  assert.equal(assTime(3725.004), '1:02:05.00');
});

test('user text cannot open override blocks or line breaks', () => {
  assert.equal(assEscapeText('a {b} \\N c \\x'), 'a \\{b\\} ＼N c \\x');
});

test('cues are sorted, de-overlapped and emptied ones dropped', () => {
  assert.deepEqual(
    normaliseCues([
      { text: 'b', startSec: 2, endSec: 4 },
      { text: 'a', startSec: 0, endSec: 2.5 },
      { text: ' ', startSec: 5, endSec: 6 },
      { text: 'c', startSec: 4, endSec: 4 },
    ]),
    [
      { text: 'a', startSec: 0, endSec: 2 },
      { text: 'b', startSec: 2, endSec: 4 },
    ],
  );
});

test('ASS script: output-sized canvas, style from SubtitleStyle, each cue fitted into the area', () => {
  const ass = buildAssSubtitles(
    [
      { text: '你好，欢迎使用数字人视频生成服务。', startSec: 0, endSec: 2.5 },
      { text: 'Hello {world}', startSec: 2, endSec: 3.456 },
    ],
    {
      fontName: null,
      fontSize: 40,
      primaryColor: '#ffcc00',
      outlineColor: '#000000',
      x: 20,
      y: 500,
      width: 320,
      height: 100,
    },
    { width: 360, height: 640 },
  );
  assert.equal(
    ass,
    [
      '[Script Info]',
      '; Subtitles written by likeness',
      'ScriptType: v4.00+',
      'PlayResX: 360',
      'PlayResY: 640',
      'WrapStyle: 2',
      'ScaledBorderAndShadow: yes',
      'YCbCr Matrix: None',
      '',
      '[V4+ Styles]',
      'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
      'Style: Default,Noto Sans S Chinese Regular,40,&H0000CCFF,&H0000CCFF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2,0,5,0,0,0,1',
      '',
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\an5\\pos(180,550)\\fs40\\bord2\\q2}你好，欢迎使用数字\\N人视频生成服务。',
      'Dialogue: 0,0:00:02.00,0:00:03.46,Default,,0,0,0,,{\\an5\\pos(180,550)\\fs40\\bord2\\q2}Hello \\{world\\}',
      '',
    ].join('\n'),
  );
});

test('a named font is written as given (resolution happens before)', () => {
  const ass = buildAssSubtitles(
    [{ text: 'x', startSec: 0, endSec: 1 }],
    {
      fontName: 'Brand, Sans',
      fontSize: 60,
      primaryColor: '#ffffff',
      outlineColor: '#000000',
      x: 0,
      y: 0,
      width: 100,
      height: 100,
    },
    { width: 100, height: 100 },
  );
  // Commas separate ASS fields, so they cannot be part of a font name.
  assert.match(ass, /^Style: Default,Brand Sans,60,/m);
});

test('fitAreaToFrame keeps the subtitle area inside the frame', () => {
  const frame = { width: 360, height: 640 };
  assert.deepEqual(fitAreaToFrame({ x: 60, y: 900, width: 600, height: 100 }, frame), {
    x: 0,
    y: 540,
    width: 360,
    height: 100,
  });
  assert.deepEqual(fitAreaToFrame({ x: 60, y: 100, width: 200, height: 100 }, frame), {
    x: 60,
    y: 100,
    width: 200,
    height: 100,
  });
  assert.deepEqual(fitAreaToFrame({ x: -10, y: -5, width: 100, height: 50 }, frame), {
    x: 0,
    y: 0,
    width: 100,
    height: 50,
  });
});
