export { COVER_STYLES, findCoverStyle, type CoverSlotDef, type CoverStyle } from './styles.js';
export { deriveSlotValues } from './derive-slots.js';
export {
  assignSlots,
  CoverSlotError,
  describeSlot,
  slotFillOrder,
  type CoverSlotInput,
  type SlotAssignment,
} from './assign-slots.js';
export {
  COVER_SIZES,
  renderCover,
  renderCoverPreview,
  slotsCutToFit,
  styleFigureId,
  type CoverCanvas,
  type RenderCoverOptions,
} from './render-cover.js';
export { CoverThreads, type CoverRenderer } from './cover-threads.js';
