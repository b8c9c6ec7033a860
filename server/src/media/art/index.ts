export { PUBLIC_AVATAR_ART, avatarArtPng, findPublicAvatarArt, type PublicAvatarArt } from './avatars.js';
export {
  LIVELY_TEMPLATES,
  findLivelyTemplate,
  templateCanvas,
  type LivelyTemplate,
  type TemplateOrientation,
} from './templates.js';
export {
  renderTemplateBackground,
  renderTemplatePreview,
  PREVIEW_LONG_SIDE,
  type TemplateBackground,
} from './template-render.js';
export type { Box } from './template-layout.js';
