import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The CJK font likeness ships (@embedpdf/fonts-sc). libass finds it in `fontsdir` only by its
 * legacy family / full name, which carries the weight: 'Noto Sans S Chinese' alone renders tofu.
 */
export const SHIPPED_FACE_NAME = 'Noto Sans S Chinese Regular';
export const SHIPPED_REGULAR_FILE = 'NotoSansHans-Regular.otf';

/** The package's exports map hides package.json, so its fonts folder is found from the main file. */
export function shippedFontsDir(): string {
  return path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
}

/** The regular face as a file, for filters that take a font file (drawtext). */
export function shippedRegularFontFile(): string {
  return path.join(shippedFontsDir(), SHIPPED_REGULAR_FILE);
}
