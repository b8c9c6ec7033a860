import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { runMediaBinary } from '../../src/media/run-ffmpeg.js';
import {
  bins,
  facePhoto,
  FAST_H264,
  makeFaceVideo,
  makePatternVideo,
  makeTone,
} from '../helpers/media-fixtures.js';

/**
 * Bad (and oddly made but valid) input files, generated deterministically: cut-off downloads, empty
 * files, files of one kind named as another, codecs and sizes the spec refuses, decompression bombs,
 * lying headers. Each comes with the extension it is uploaded under.
 */

const ff = (args: string[]) =>
  runMediaBinary(bins.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);

/** The first `share` of a file's bytes: what an interrupted download leaves. */
const head = (data: Buffer, share: number) => data.subarray(0, Math.floor(data.length * share));

/** Bytes that look random but are the same on every run. */
export function noise(bytes: number, seed = 'likeness'): Buffer {
  const out = Buffer.alloc(bytes);
  let block = createHash('sha256').update(seed).digest();
  for (let i = 0; i < bytes; i += block.length) {
    block.copy(out, i);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A valid PNG of width×height black pixels at 1 bit per pixel: a few tens of kilobytes that decode
 * to hundreds of megapixels (a decompression bomb).
 */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // filter byte 0 and black pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PCM WAV whose header says `channels` and `declaredSec` of data; `seconds` of a quiet tone follow
 * (a header written before the recording stopped tells a longer story than the file).
 */
export function wavFile(opts: { channels: number; seconds: number; declaredSec?: number }): Buffer {
  const rate = 22050;
  const blockAlign = 2 * Math.max(1, opts.channels);
  const dataBytes = Math.round(opts.seconds * rate) * blockAlign;
  const declaredBytes = Math.round((opts.declaredSec ?? opts.seconds) * rate) * blockAlign;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + declaredBytes, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(opts.channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * blockAlign, 28);
  h.writeUInt16LE(blockAlign, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(declaredBytes, 40);
  const data = Buffer.alloc(dataBytes);
  for (let i = 0; i + 1 < dataBytes; i += 2) data.writeInt16LE(Math.round(6000 * Math.sin(i * 0.03)), i);
  return Buffer.concat([h, data]);
}

export type Category = 'video' | 'audio' | 'image';

export interface MediaFile {
  name: string;
  category: Category;
  /** Extension it is uploaded under (which decides its declared type). */
  ext: string;
  data: Buffer;
}

/** Good media the bad files are made from, and that the operations pair them with. */
export interface BaseMedia {
  /** 10 s face video, index at the front (faststart). */
  face10: Buffer;
  /** 6 s face video: a valid avatar source. */
  face6Path: string;
  /** 6 s tone WAV: valid driving audio. */
  tone6: Buffer;
  /** 10 s MP3 with its length header. */
  mp3: Buffer;
  /** 10 s AAC in MP4 (faststart). */
  m4a: Buffer;
  /** A portrait photo (JPEG). */
  photo: Buffer;
}

export async function makeBaseMedia(dir: string): Promise<BaseMedia> {
  const face10 = await makeFaceVideo(join(dir, 'face10.mp4'), facePhoto(1), 10);
  await ff(['-i', face10, '-c', 'copy', '-movflags', '+faststart', join(dir, 'face10-fs.mp4')]);
  const face6Path = await makeFaceVideo(join(dir, 'face6.mp4'), facePhoto(1), 6);
  const tone6 = await makeTone(join(dir, 'tone6.wav'), 6);
  const sine = ['-f', 'lavfi', '-i', 'sine=frequency=300:duration=10:sample_rate=44100'];
  await ff([...sine, '-c:a', 'libmp3lame', '-b:a', '128k', join(dir, 'tone10.mp3')]);
  await ff([...sine, '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', join(dir, 'tone10.m4a')]);
  return {
    face10: await readFile(join(dir, 'face10-fs.mp4')),
    face6Path,
    tone6: await readFile(tone6),
    mp3: await readFile(join(dir, 'tone10.mp3')),
    m4a: await readFile(join(dir, 'tone10.m4a')),
    photo: await readFile(facePhoto(1)),
  };
}

async function videoFiles(dir: string, base: BaseMedia): Promise<MediaFile[]> {
  const p = (n: string) => join(dir, n);
  const face10NoFaststart = await readFile(p('face10.mp4'));
  const pixels = ['-pix_fmt', 'yuv420p'];
  // 8K: five grey frames are enough to be refused for their size.
  await ff(['-f', 'lavfi', '-i', 'color=c=gray:s=7680x4320:r=5:d=1', ...FAST_H264, ...pixels, p('8k.mp4')]);
  await ff(['-i', base.face6Path, '-frames:v', '1', '-an', ...FAST_H264, p('one-frame.mp4')]);
  await ff([
    '-i',
    base.face6Path,
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=error',
    '-tag:v',
    'hvc1',
    '-c:a',
    'copy',
    p('hevc.mp4'),
  ]);
  await ff([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=360x640:rate=25:duration=2',
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '200k',
    p('vp9.webm'),
  ]);
  await ff(['-i', base.face6Path, '-vf', 'scale=240:426', ...FAST_H264, '-c:a', 'copy', p('240p.mp4')]);
  await makePatternVideo(p('faceless.mp4'), 6);
  // Pixels stored a quarter turn clockwise, with a display rotation that turns them upright again.
  await ff(['-i', base.face6Path, '-vf', 'transpose=1', ...FAST_H264, '-c:a', 'copy', p('turned.mp4')]);
  await ff(['-i', p('turned.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', p('rotated.mp4')]);
  // Variable frame rate: 25 fps for 3 s, then 12.5 fps.
  await ff([
    '-i',
    base.face6Path,
    '-vf',
    "setpts='if(lt(N,75),N/25,3+(N-75)/12.5)/TB'",
    '-vsync',
    'vfr',
    ...FAST_H264,
    '-an',
    p('vfr.mp4'),
  ]);
  const png = await sharp(base.photo).resize(360, 640, { fit: 'cover' }).png().toBuffer();
  const v = (name: string, data: Buffer, ext = 'mp4'): MediaFile => ({ name, category: 'video', ext, data });
  return [
    v('truncated MP4 (first 30 %, index at the front)', head(base.face10, 0.3)),
    v('truncated MP4 (first 60 %, index at the end)', head(face10NoFaststart, 0.6)),
    v('zero-byte MP4', Buffer.alloc(0)),
    v('audio-only MP4', base.m4a),
    v('8K video', await readFile(p('8k.mp4'))),
    v('one-frame video', await readFile(p('one-frame.mp4'))),
    v('HEVC video', await readFile(p('hevc.mp4'))),
    v('VP9 WebM named .mp4', await readFile(p('vp9.webm'))),
    v('random bytes named .mp4', noise(64 * 1024, 'video')),
    v('text named .mov', Buffer.from('this is a text file, not a video\n'.repeat(20)), 'mov'),
    v('PNG picture named .mp4', png),
    v('240p video', await readFile(p('240p.mp4'))),
    v('video without a face', await readFile(p('faceless.mp4'))),
    v('rotated video (display matrix)', await readFile(p('rotated.mp4'))),
    v('variable frame rate video', await readFile(p('vfr.mp4'))),
  ];
}

async function audioFiles(dir: string, base: BaseMedia): Promise<MediaFile[]> {
  const jpeg = await sharp(base.photo).resize(320, 320).jpeg().toBuffer();
  await ff([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=25:duration=6',
    ...FAST_H264,
    join(dir, 'silent.mp4'),
  ]);
  const a = (name: string, data: Buffer, ext: string): MediaFile => ({ name, category: 'audio', ext, data });
  return [
    a('truncated MP3 (first 3000 bytes, length header says 10 s)', base.mp3.subarray(0, 3000), 'mp3'),
    a('truncated M4A (first 30 %)', head(base.m4a, 0.3), 'm4a'),
    a('zero-byte MP3', Buffer.alloc(0), 'mp3'),
    a(
      'WAV whose header says 10 s, data stops after 0.5 s',
      wavFile({ channels: 1, seconds: 0.5, declaredSec: 10 }),
      'wav',
    ),
    a('WAV header with zero channels', wavFile({ channels: 0, seconds: 6 }), 'wav'),
    a('random bytes named .mp3', noise(64 * 1024, 'audio'), 'mp3'),
    a('text named .wav', Buffer.from('RIFF? no: this is a text file\n'.repeat(20)), 'wav'),
    a('JPEG picture named .mp3', jpeg, 'mp3'),
    a('video without sound named .m4a', await readFile(join(dir, 'silent.mp4')), 'm4a'),
  ];
}

async function imageFiles(base: BaseMedia): Promise<MediaFile[]> {
  const gif = await sharp(base.photo).resize(400, 400).gif().toBuffer();
  const tiff = await sharp(base.photo).resize(600, 400).tiff().toBuffer();
  const flat = { create: { width: 600, height: 800, channels: 3 as const, background: '#88aacc' } };
  // Stored a quarter turn anticlockwise, with an EXIF orientation that turns it upright.
  const exif = await sharp(base.photo).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
  const i = (name: string, data: Buffer, ext: string): MediaFile => ({ name, category: 'image', ext, data });
  return [
    i('decompression bomb PNG (20000x20000)', pngBomb(20000, 20000), 'png'),
    i('GIF named .jpg', gif, 'jpg'),
    i('TIFF named .jpg', tiff, 'jpg'),
    i('truncated JPEG (first 40 %)', head(base.photo, 0.4), 'jpg'),
    i('zero-byte PNG', Buffer.alloc(0), 'png'),
    i('portrait without a face', await sharp(flat).png().toBuffer(), 'png'),
    i('48x48 JPEG', await sharp(base.photo).resize(48, 48).jpeg().toBuffer(), 'jpg'),
    i(
      '9000x300 PNG',
      await sharp({ create: { ...flat.create, width: 9000, height: 300 } })
        .png()
        .toBuffer(),
      'png',
    ),
    i('text named .webp', Buffer.from('not a picture\n'.repeat(50)), 'webp'),
    i('EXIF-rotated portrait', exif, 'jpg'),
  ];
}

/** Every file of the suite (34), made in `dir`. */
export async function makeCorruptMedia(dir: string, base: BaseMedia): Promise<MediaFile[]> {
  return [...(await videoFiles(dir, base)), ...(await audioFiles(dir, base)), ...(await imageFiles(base))];
}
