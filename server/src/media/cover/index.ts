export { COVER_STYLES, findCoverStyle, type CoverSlotDef, type CoverStyle } from './styles.js';
export { deriveSlotValues } from './derive-slots.js';
export {
  COVER_SIZES,
  renderCover,
  renderCoverPreview,
  type CoverCanvas,
  type RenderCoverOptions,
} from './render-cover.js';
