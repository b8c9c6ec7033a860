import { Type, type Static } from 'typebox';
import { FACE_PRESENT_SHARE, MIN_STRETCH_SEC, type FaceTrackReport } from '../../media/face/index.js';

/** What an avatar task's reply says of the face it animates, once the avatar is made. */
export const FaceReport = Type.Object(
  {
    faces_found: Type.Optional(
      Type.Integer({
        description:
          'faces found in the source (the most in one frame); absent for avatars made before faces were counted',
        examples: [1],
      }),
    ),
    face_width_px: Type.Integer({
      description: 'width of the face that speaks, in source pixels',
      examples: [212],
    }),
    speaker: Type.Optional(
      Type.Object(
        {
          x: Type.Integer({
            description: "x of the face box's top-left corner, in source pixels",
            examples: [254],
          }),
          y: Type.Integer({
            description: "y of the face box's top-left corner, in source pixels",
            examples: [180],
          }),
          width: Type.Integer({ description: 'face box width, in source pixels', examples: [212] }),
          height: Type.Integer({ description: 'face box height, in source pixels', examples: [260] }),
          place: Type.String({
            description: "'on the left', 'in the middle' or 'on the right'",
            examples: ['in the middle'],
          }),
        },
        { description: 'where the face that speaks is, in source pixels' },
      ),
    ),
    notice: Type.Optional(
      Type.String({
        description:
          'said when more than one face was found (which one speaks, and how to choose another) and when a video shows ' +
          `the face in less than ${FACE_PRESENT_SHARE * 100}% of its frames: which stretch of it the avatar plays ` +
          `when one with the face lasts ${MIN_STRETCH_SEC} s or more, otherwise that no mouth moves where the face is missing`,
        examples: [
          '2 faces were found in the video; the one in the middle (212 px wide, at 254, 180) speaks. To animate another, crop the video to that person and make the avatar again',
        ],
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
