export * from './shipped-font.js';
export * from './opentype.js';
export { fontMetrics, measureText } from './metrics.js';
