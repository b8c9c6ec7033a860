import { boldHeadline } from './bold-headline.js';
import { news } from './news.js';
import { knowledge } from './knowledge.js';
import { product } from './product.js';
import { quote } from './quote.js';
import { list } from './list.js';
import { vlog } from './vlog.js';
import type { CoverDesign, DesignContext } from './shared.js';

export { svgDoc, type CoverDesign, type DesignContext } from './shared.js';

const DESIGNS: Record<string, (c: DesignContext) => CoverDesign> = {
  'cover-bold-headline': boldHeadline,
  'cover-news': news,
  'cover-knowledge': knowledge,
  'cover-product': product,
  'cover-quote': quote,
  'cover-list': list,
  'cover-vlog': vlog,
};

/** The design for a style id; unknown ids (a style built elsewhere) get the bold headline layout. */
export function coverDesign(styleId: string, c: DesignContext): CoverDesign {
  return (DESIGNS[styleId] ?? boldHeadline)(c);
}
