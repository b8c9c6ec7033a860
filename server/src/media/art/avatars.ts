import sharp from 'sharp';
import { FIGURE_HEIGHT, FIGURE_MOUTH, FIGURE_WIDTH, figureSvg, type FigureLook } from './avatar-figure.js';
import { svgToPng, writeImage } from './svg-render.js';

export interface PublicAvatarArt {
  id: string;
  title: string;
  width: number;
  height: number;
  /** The illustration as PNG; without its mouth (`mouth: false`) it is the talking-head base. */
  renderPng(outPath: string, opts?: { mouth?: boolean }): Promise<void>;
  /** Where the closed mouth is drawn, in image pixels, for the lip-sync renderer. */
  mouth: { cx: number; cy: number; width: number };
}

const looks = new WeakMap<PublicAvatarArt, FigureLook>();

function art(id: string, title: string, look: FigureLook): PublicAvatarArt {
  const a: PublicAvatarArt = {
    id,
    title,
    width: FIGURE_WIDTH,
    height: FIGURE_HEIGHT,
    mouth: Object.freeze({ ...FIGURE_MOUTH }),
    async renderPng(outPath, opts) {
      await writeImage(sharp(await avatarArtPng(a, opts)), outPath, 'png');
    },
  };
  looks.set(a, look);
  return Object.freeze(a);
}

/** The avatar's illustration as an in-memory PNG (for previews and covers). */
export async function avatarArtPng(a: PublicAvatarArt, opts: { mouth?: boolean } = {}): Promise<Buffer> {
  return svgToPng(figureSvg(lookOf(a), opts), { text: false });
}

/** The colours and features a character is drawn with (for drawing its moving parts). */
export function lookOf(a: PublicAvatarArt): FigureLook {
  const look = looks.get(a);
  if (!look) throw new Error(`not a public avatar art: ${a.id}`);
  return look;
}

/** Illustrated public avatars: generated at run time from SVG, so nothing is downloaded or bundled. */
export const PUBLIC_AVATAR_ART: readonly PublicAvatarArt[] = Object.freeze([
  art('pub-avatar-lin', '林晓 · 新闻主播', {
    skin: '#f6d3b8',
    skinShade: '#e2ad8d',
    hair: '#1e1a1d',
    hairStyle: 'long',
    outfit: 'blazer',
    cloth: '#23365f',
    clothShade: '#172544',
    accent: '#f7f4ef',
    lips: '#d0646b',
    eyes: '#4a3022',
    background: ['#7fb2e5', '#2f5e9e'],
    earrings: true,
  }),
  art('pub-avatar-chen', '陈默 · 财经评论员', {
    skin: '#f1c9a5',
    skinShade: '#d9a47f',
    hair: '#222222',
    hairStyle: 'side-part',
    outfit: 'suit-tie',
    cloth: '#5b6270',
    clothShade: '#3f4550',
    accent: '#b3263a',
    lips: '#b8645c',
    eyes: '#3b2a20',
    background: ['#e9ecef', '#aab4c0'],
    glasses: true,
  }),
  art('pub-avatar-mei', '小美 · 生活博主', {
    skin: '#fbe0cc',
    skinShade: '#eab89b',
    hair: '#6b3f26',
    hairStyle: 'bun',
    outfit: 'hoodie',
    cloth: '#f49ab0',
    clothShade: '#dc7892',
    accent: '#ffffff',
    lips: '#e0707d',
    eyes: '#5a3a24',
    background: ['#fff1d6', '#ffc2a8'],
  }),
  art('pub-avatar-alex', 'Alex · Tech Host', {
    skin: '#9b6445',
    skinShade: '#7a4a31',
    hair: '#15110f',
    hairStyle: 'curly',
    outfit: 'jacket',
    cloth: '#2f6b57',
    clothShade: '#214c3e',
    accent: '#e9e4d8',
    lips: '#7e4036',
    eyes: '#2b1a12',
    background: ['#2b3447', '#111722'],
    beard: true,
  }),
  art('pub-avatar-grace', '周老师 · Teacher Zhou', {
    skin: '#f3cfb3',
    skinShade: '#dcaa8a',
    hair: '#b9b6b2',
    hairStyle: 'bob',
    outfit: 'cardigan',
    cloth: '#2d8c8a',
    clothShade: '#1f6665',
    accent: '#f6efe2',
    lips: '#c0606a',
    eyes: '#3f2b20',
    background: ['#d9f0e6', '#8fc7b2'],
    glasses: true,
    earrings: true,
  }),
]);

export function findPublicAvatarArt(id: string): PublicAvatarArt | undefined {
  return PUBLIC_AVATAR_ART.find((a) => a.id === id);
}
