/**
 * The names of every blob likeness stores: one place, so that a key written by one part (a job, an
 * upload) is the key another reads (a route, a later render), and so that the layout of the store
 * can be read at a glance. Stored rows keep the keys they were given (`files.blob_key`,
 * `avatars.media_key`, `voices.demo_key`, task results): these formats must never change, or
 * existing data would no longer be found. Pure.
 */

/** An uploaded file, as its upload grant named it. */
export const uploadKey = (accountId: string, fileId: string, ext: string) =>
  `uploads/${accountId}/${fileId}.${ext}`;

/** The video of a finished work. */
export const workVideoKey = (taskId: string) => `works/${taskId}/video.mp4`;

/** A still of a finished video work (the console's poster for its player). */
export const workPosterKey = (taskId: string) => `works/${taskId}/poster.jpg`;

/** The audio of a finished audio work (audio/create_by_tts). */
export const workAudioKey = (taskId: string) => `works/${taskId}/audio.mp3`;

/** The source video of an avatar made from a video. */
export const avatarVideoKey = (avatarId: string) => `avatars/${avatarId}/source.mp4`;

/** The upright picture of an avatar made from an image. */
export const avatarImageKey = (avatarId: string) => `avatars/${avatarId}/image.png`;

/** The still frame of a video avatar (covers use it as the figure). */
export const avatarPosterKey = (avatarId: string) => `avatars/${avatarId}/poster.png`;

/** The face track measured when the avatar was made. */
export const avatarFaceTrackKey = (avatarId: string) => `avatars/${avatarId}/face-track.bin`;

/** The sample a cloned voice was made from (`ext`: wav, mp3 or m4a). */
export const voiceSampleKey = (voiceId: string, ext: string) => `voices/${voiceId}/sample.${ext}`;

/** The demo a cloned voice speaks. */
export const voiceDemoKey = (voiceId: string) => `voices/${voiceId}/demo.mp3`;

/** A cover made by POST project/covers (`format`: jpg or png). */
export const coverKey = (accountId: string, coverId: string, format: string) =>
  `covers/${accountId}/${coverId}.${format}`;

/** The picture of a public (illustrated) avatar. */
export const catalogueAvatarKey = (avatarId: string) => `catalogue/avatars/${avatarId}.png`;

export const catalogueTemplateCoverKey = (templateId: string) =>
  `catalogue/templates/${templateId}/cover.png`;

export const catalogueTemplateDemoKey = (templateId: string) => `catalogue/templates/${templateId}/demo.mp4`;

export const catalogueVoiceDemoKey = (voiceId: string) => `catalogue/voices/${voiceId}/demo.mp3`;

export const catalogueCoverStyleKey = (styleId: string) => `catalogue/cover-styles/${styleId}.png`;

/** The media of the catalogue that is rendered once and then served from the store. */
export const CATALOGUE_ASSETS = ['template-cover', 'template-demo', 'cover-style', 'voice-demo'] as const;
export type CatalogueAsset = (typeof CATALOGUE_ASSETS)[number];

/** The key of a catalogue asset. */
export function catalogueAssetKey(kind: CatalogueAsset, id: string): string {
  switch (kind) {
    case 'template-cover':
      return catalogueTemplateCoverKey(id);
    case 'template-demo':
      return catalogueTemplateDemoKey(id);
    case 'voice-demo':
      return catalogueVoiceDemoKey(id);
    case 'cover-style':
      return catalogueCoverStyleKey(id);
  }
}
