import type { Category } from './corrupt-media-fixtures.js';

/**
 * What likeness must do with each file of the corrupt-media suite, per operation. A bad file is
 * refused at upload, or its task fails (status 4) with a 2011–2016 code and a message that says what
 * to fix; a file that the spec's limits allow (rotated, variable frame rate, EXIF-rotated) completes.
 */
export type Expected =
  | { refusedAtUpload: { status: number; code: number } }
  | { fails: number; says: RegExp }
  | { completes: true };

/** The operations that take media, by the kind of file they take. */
export type OpName =
  | 'avatar/create_by_video'
  | 'create_by_audio video_file_id'
  | 'create_by_tts video_file_id'
  | 'create_by_template video_file_id'
  | 'voice/create'
  | 'create_by_audio file_id'
  | 'create_by_template bgm_file_id'
  | 'create_by_template ambience_file_id'
  | 'create_by_sing audio_file_id'
  | 'avatar/create_by_image'
  | 'clone avatar/by_image'
  | 'create_by_sing image_file_id'
  | 'create_by_image image_file_id'
  | 'create_by_template cover_file_id';

export const OPS_BY_CATEGORY: Record<Category, OpName[]> = {
  video: [
    'avatar/create_by_video',
    'create_by_audio video_file_id',
    'create_by_tts video_file_id',
    'create_by_template video_file_id',
  ],
  audio: [
    'voice/create',
    'create_by_audio file_id',
    'create_by_template bgm_file_id',
    'create_by_template ambience_file_id',
    'create_by_sing audio_file_id',
  ],
  image: [
    'avatar/create_by_image',
    'clone avatar/by_image',
    'create_by_sing image_file_id',
    'create_by_image image_file_id',
    'create_by_template cover_file_id',
  ],
};

const fails = (code: number, says: RegExp): Expected => ({ fails: code, says });
const EMPTY: Expected = { refusedAtUpload: { status: 400, code: 2012 } };
const COMPLETES: Expected = { completes: true };

/**
 * By file name: the outcome for every operation of its category, or per operation. The decisions
 * behind them: a video_file_id follows the avatar video's rules (MP4/MOV, H.264, 360p–4K, 5 s–30
 * min); pictures over 8192 px a side are a size error (2011); damaged files fail with their
 * category's resource code (2013 audio, 2014 video, 2016 image); an empty upload is refused (2012).
 */
export const EXPECTED: Record<string, Expected | Partial<Record<OpName, Expected>>> = {
  // Videos
  'truncated MP4 (first 30 %, index at the front)': fails(
    2014,
    /is incomplete: .*declares 10\.0 s.*upload the complete file/,
  ),
  'truncated MP4 (first 60 %, index at the end)': fails(
    2014,
    /not a readable video file.*upload an MP4 or MOV video/,
  ),
  'zero-byte MP4': EMPTY,
  'audio-only MP4': fails(2014, /has no video stream.*upload an MP4 or MOV video/),
  '8K video': fails(2014, /from 360p to 4K, got 7680x4320; scale it down/),
  'one-frame video': fails(2014, /must last from 5 seconds to 30 minutes, got 0\.\d s/),
  'HEVC video': fails(2012, /must be H\.264 encoded, got H\.265\/HEVC; re-encode it with H\.264/),
  'VP9 WebM named .mp4': fails(2012, /must be an MP4 or MOV video, got WebM\/Matroska; convert it/),
  'random bytes named .mp4': fails(2014, /not a readable video file.*upload an MP4 or MOV video/),
  'text named .mov': fails(2014, /not a readable video file.*upload an MP4 or MOV video/),
  'PNG picture named .mp4': fails(2012, /must be an MP4 or MOV video, got a PNG picture/),
  '240p video': fails(2014, /from 360p to 4K, got 240x426; record or export it at 360p or more/),
  'video without a face': fails(2015, /face/),
  'rotated video (display matrix)': COMPLETES,
  'variable frame rate video': COMPLETES,

  // Sound
  'truncated MP3 (first 3000 bytes, length header says 10 s)': fails(
    2013,
    /is incomplete: .*declares 10\.0 s.*only 0\.\d s of sound.*upload the complete file/,
  ),
  'truncated M4A (first 30 %)': fails(2013, /is incomplete: .*declares 10\.0 s.*upload the complete file/),
  'zero-byte MP3': EMPTY,
  // The header's data size is corrected from the file's size: what is left is 0.5 s of sound.
  'WAV whose header says 10 s, data stops after 0.5 s': {
    'voice/create': fails(2013, /must last from 5 seconds to 3 minutes, got 0\.5 s/),
    'create_by_audio file_id': fails(2013, /must last from 5 seconds to 30 minutes, got 0\.5 s/),
    'create_by_template bgm_file_id': COMPLETES,
    'create_by_template ambience_file_id': COMPLETES,
    'create_by_sing audio_file_id': COMPLETES,
  },
  'WAV header with zero channels': fails(2013, /not a readable audio file.*upload an MP3, M4A or WAV file/),
  'random bytes named .mp3': fails(2013, /upload|record|export/),
  'text named .wav': fails(2013, /not a readable audio file.*upload an MP3, M4A or WAV file/),
  'JPEG picture named .mp3': fails(2013, /has no audio stream \(it is a JPEG picture\)/),
  'video without sound named .m4a': fails(2013, /has no audio stream \(it is MP4\/MOV video\)/),

  // Pictures
  'decompression bomb PNG (20000x20000)': fails(
    2011,
    /is 20000x20000 pixels, over the limit of 8192 pixels a side; scale it down/,
  ),
  'GIF named .jpg': fails(2012, /must be a JPG, PNG or WebP picture, got GIF/),
  'TIFF named .jpg': fails(2012, /must be a JPG, PNG or WebP picture, got TIFF/),
  'truncated JPEG (first 40 %)': fails(2016, /is damaged: its picture data does not decode; export it again/),
  'zero-byte PNG': EMPTY,
  'portrait without a face': {
    'avatar/create_by_image': fails(2015, /face/),
    'clone avatar/by_image': fails(2015, /face/),
    'create_by_sing image_file_id': fails(2015, /face/),
    'create_by_image image_file_id': fails(2015, /face/),
    // A cover needs no face.
    'create_by_template cover_file_id': COMPLETES,
  },
  '48x48 JPEG': fails(2016, /is 48x48 pixels; pictures need at least 64 pixels a side/),
  '9000x300 PNG': fails(2011, /is 9000x300 pixels, over the limit of 8192 pixels a side/),
  'text named .webp': fails(2016, /not a readable picture file.*upload a JPG, PNG or WebP picture/),
  'EXIF-rotated portrait': COMPLETES,
};

export function expectedFor(file: string, op: OpName): Expected {
  const e = EXPECTED[file];
  if (!e) throw new Error(`no expectation for '${file}'`);
  if ('fails' in e || 'completes' in e || 'refusedAtUpload' in e) return e as Expected;
  const per = (e as Partial<Record<OpName, Expected>>)[op];
  if (!per) throw new Error(`no expectation for '${file}' through ${op}`);
  return per;
}
