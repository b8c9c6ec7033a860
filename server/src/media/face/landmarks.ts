/**
 * Named groups of the engine's 468-point face mesh (the standard canonical face-mesh topology).
 * Index lists run in a fixed order so contours can be walked: lips from the subject's right mouth
 * corner (image left for a frontal face) to the left corner; eyes from the outer to the inner corner.
 */

export const MESH_POINTS = 468;

export const LIPS_UPPER_OUTER = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291] as const;
export const LIPS_LOWER_OUTER = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291] as const;
export const LIPS_UPPER_INNER = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308] as const;
export const LIPS_LOWER_INNER = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308] as const;

/** Face outline, clockwise from the top of the forehead; 152 is the chin. */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149,
  150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
] as const;

export const CHIN = 152;
export const NOSE_TIP = 1;
export const NOSE_BOTTOM = 2;
export const BETWEEN_EYES = 168;
export const FOREHEAD = 10;
export const MOUTH_CORNER_RIGHT = 61;
export const MOUTH_CORNER_LEFT = 291;

/** Upper and lower lid margins (0), the crease above (1) and the brow-side fold (2). */
export const RIGHT_EYE = {
  upper0: [246, 161, 160, 159, 158, 157, 173],
  lower0: [33, 7, 163, 144, 145, 153, 154, 155, 133],
  upper1: [247, 30, 29, 27, 28, 56, 190],
  upper2: [113, 225, 224, 223, 222, 221, 189],
  outer: 33,
  inner: 133,
} as const;
export const LEFT_EYE = {
  upper0: [466, 388, 387, 386, 385, 384, 398],
  lower0: [263, 249, 390, 373, 374, 380, 381, 382, 362],
  upper1: [467, 260, 259, 257, 258, 286, 414],
  upper2: [342, 445, 444, 443, 442, 441, 413],
  outer: 263,
  inner: 362,
} as const;

/** Points between the lips and the chin, centre column and both sides: they ride on the jaw. */
export const LOWER_FACE = [
  18, 200, 199, 175, 83, 182, 106, 43, 57, 202, 204, 194, 32, 140, 171, 208, 201, 313, 406, 335, 273, 287,
  422, 424, 418, 262, 369, 396, 428, 421,
] as const;

/** Points around the nose and upper lip that stay put while the jaw moves. */
export const MID_FACE_ANCHORS = [
  164, 165, 391, 92, 322, 98, 327, 2, 97, 326, 206, 426, 205, 425, 36, 266, 50, 280, 187, 411, 123, 352,
] as const;
