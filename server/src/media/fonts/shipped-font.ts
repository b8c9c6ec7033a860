import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The CJK font likeness ships (@embedpdf/fonts-sc), used by every renderer: SVG (covers, templates,
 * avatars), libass subtitles and drawtext labels.
 */

/** Family name as SVG renderers see it (all weights share it). */
export const FONT_FAMILY = 'Noto Sans S Chinese';

/**
 * libass finds the font in `fontsdir` only by its legacy family / full name, which carries the
 * weight: 'Noto Sans S Chinese' alone renders tofu.
 */
export const SHIPPED_FACE_NAME = 'Noto Sans S Chinese Regular';

export type FontWeight = 400 | 500 | 700;

const FILE_BY_WEIGHT: Record<FontWeight, string> = {
  400: 'NotoSansHans-Regular.otf',
  500: 'NotoSansHans-Medium.otf',
  700: 'NotoSansHans-Bold.otf',
};

/** The package's exports map hides package.json, so its fonts folder is found from the main file. */
export function shippedFontsDir(): string {
  return path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
}

export function fontFile(weight: FontWeight): string {
  return path.join(shippedFontsDir(), FILE_BY_WEIGHT[weight]);
}

/** Every weight the SVG renderer may use; it is handed these and never looks at system fonts. */
export function fontFiles(): string[] {
  return ([400, 500, 700] as const).map(fontFile);
}

/** The regular face as a file, for filters that take a font file (drawtext). */
export function shippedRegularFontFile(): string {
  return fontFile(400);
}
