import { Type, type Static } from 'typebox';
import type { FaceTrackReport } from '../../media/face/index.js';

/** What an avatar task's reply says of the face it animates, once the avatar is made. */
export const FaceReport = Type.Object(
  {
    faces_found: Type.Optional(
      Type.Integer({
        description:
          'faces found in the source (the most in one frame); absent for avatars made before faces were counted',
      }),
    ),
    face_width_px: Type.Integer({ description: 'width of the face that speaks, in source pixels' }),
    speaker: Type.Optional(
      Type.Object(
        {
          x: Type.Integer(),
          y: Type.Integer(),
          width: Type.Integer(),
          height: Type.Integer(),
          place: Type.String({ description: "'on the left', 'in the middle' or 'on the right'" }),
        },
        { description: 'where the face that speaks is, in source pixels' },
      ),
    ),
    notice: Type.Optional(
      Type.String({
        description: 'said when more than one face was found: which one speaks, and how to choose',
      }),
    ),
  },
  { description: 'once completed: the faces found in the source and which one speaks' },
);

/** The face report as the avatar task's reply gives it. */
export function faceReply(r: FaceTrackReport): Static<typeof FaceReport> {
  return {
    ...(r.facesFound !== undefined ? { faces_found: r.facesFound } : {}),
    face_width_px: r.faceWidthPx,
    ...(r.speaker ? { speaker: r.speaker } : {}),
    ...(r.notice ? { notice: r.notice } : {}),
  };
}
