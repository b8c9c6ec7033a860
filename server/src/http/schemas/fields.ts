import { Type } from 'typebox';
import { colorHex, fileId } from './common.js';
import { EXAMPLE } from './examples.js';

/*
 * Fields that several generation-API operations take, each described once (the spec's words, plus
 * what likeness decided where the spec leaves it open) with an example that works on a fresh install.
 * An operation adds only its own rule (which alternative it is, whether it is required).
 */

/** `avatar` of the video operations and covers: a public avatar or one of the caller's. */
export const avatarId = (rule: string) =>
  Type.String({
    minLength: 1,
    description: `avatar identifier: a public avatar (GET /api/v2/svc/avatar/list?kind=2, e.g. ${EXAMPLE.avatar}) or one of yours (avatar/list kind=1, or an avatar task's result); ${rule}`,
    examples: [EXAMPLE.avatar],
  });

/** `voice` of the speaking operations: a public voice or one of the caller's clones. */
export const voiceId = (rule: string) =>
  Type.String({
    minLength: 1,
    description: `voice identifier: a public voice (GET /api/v2/svc/voice/list?kind=2, e.g. ${EXAMPLE.voice}) or one you cloned (voice/list kind=1, or a voice task's result); ${rule}`,
    examples: [EXAMPLE.voice],
  });

/** `video_file_id` where an uploaded video can stand in for the avatar (and the voice). */
export const videoFileInstead = (replaces: string) =>
  fileId(
    `uploaded video (file_id from POST /api/v2/svc/tool/create_upload_url) whose person speaks instead of ${replaces}; when both it and avatar are sent, the video is used and avatar ignored`,
    EXAMPLE.videoFileId,
  );

export const pipeline = Type.String({
  description:
    "model type; default '1.5', the only one this server has (anything else is refused with code 11)",
  examples: ['1.5'],
});

export const startMsec = Type.Integer({
  minimum: 0,
  description: "where in the avatar's video the work starts, in milliseconds; default 0 (the beginning)",
  examples: [0],
});

/** Loudness targets of template videos (0–100): N means −N LUFS. */
export const lufs = (target: string, example: number) =>
  Type.Number({
    minimum: 0,
    maximum: 100,
    description: `${target}, as a positive number of LUFS from 0 to 100: N means a target of -N LUFS; 0 or absent = unspecified (the server's default)`,
    examples: [example],
  });

/** The `task_id` query parameter of the task queries. */
export const taskIdQuery = (from: string) =>
  Type.Object({
    task_id: Type.String({
      minLength: 1,
      description: `task identifier, as returned by ${from}`,
      examples: [EXAMPLE.taskId],
    }),
  });

const px = (what: string, min: number, def: number, example = def) =>
  Type.Integer({
    minimum: min,
    maximum: 8192,
    default: def,
    description: `${what}, in output video pixels, ${min} to 8192; default ${def}`,
    examples: [example],
  });

/**
 * Subtitle style of create_by_tts. Coordinates are output pixels from the top-left corner; an area that
 * does not fit the video is shrunk to the frame and moved inside it (decision 5).
 */
export const subtitleFields = {
  st_show: Type.Optional(
    Type.Integer({
      enum: [0, 1],
      default: 0,
      description: 'subtitles: 1 = show, 0 = hide; default 0 (hidden)',
      examples: [1],
    }),
  ),
  st_font_name: Type.Optional(
    Type.String({
      maxLength: 100,
      description:
        "subtitle font family (full, PostScript or family name), at most 100 characters; default the shipped Chinese face 'Noto Sans S Chinese Regular', which is also used when the named font is missing or lacks a character of the text",
      examples: ['Noto Sans S Chinese Regular'],
    }),
  ),
  st_font_size: Type.Optional(
    Type.Integer({
      minimum: 8,
      maximum: 400,
      default: 100,
      description:
        'subtitle font size, in pixels, 8 to 400; default 100 (it shrinks when the text cannot fit st_height)',
      examples: [100],
    }),
  ),
  st_primary_color: Type.Optional(colorHex('subtitle text colour; default #ffffff', '#ffffff')),
  st_outline_color: Type.Optional(colorHex('subtitle outline colour; default #000000', '#000000')),
  st_width: Type.Optional(px('subtitle area width (the text wraps to it)', 10, 600)),
  st_height: Type.Optional(px('subtitle area height', 10, 100)),
  st_pos_x: Type.Optional(px("x of the subtitle area's top-left corner", 0, 60)),
  st_pos_y: Type.Optional(px("y of the subtitle area's top-left corner", 0, 900)),
};
