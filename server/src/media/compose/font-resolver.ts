import { mkdir, open, readdir, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  cmapLookup,
  fontOffsets,
  missingGlyphs,
  parseNameTable,
  parseTableDirectory,
  type FontNames,
} from '../fonts/index.js';
import { SHIPPED_FACE_NAME, shippedFontsDir, shippedRegularFontFile } from '../fonts/index.js';

/** What the `ass` filter is given for one render. */
export interface SubtitleFont {
  /** ASS Fontname: the face's legacy family name (name ID 1), which libass matches. */
  faceName: string;
  /** Folder handed to the filter as `fontsdir`. */
  fontsDir: string;
  file: string;
  /** True when the requested name was not usable and the shipped face is used instead. */
  fallback: boolean;
  /** Why a fallback happened (unknown name, missing glyphs). */
  reason: string | null;
}

/** Where fonts are looked for after the shipped ones and any configured folders, as fontconfig would. */
export function systemFontDirs(): string[] {
  const home = os.homedir();
  return [
    '/usr/share/fonts',
    '/usr/local/share/fonts',
    path.join(home, '.fonts'),
    path.join(home, '.local/share/fonts'),
  ];
}

interface Face {
  file: string;
  offset: number;
  names: FontNames;
}

const FONT_EXT = new Set(['.ttf', '.otf', '.ttc', '.otc']);
const faceCache = new Map<string, { mtimeMs: number; faces: Face[] }>();

async function readAt(
  fd: Awaited<ReturnType<typeof open>>,
  position: number,
  length: number,
): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** Reads only the headers and 'name' tables of a font file (fonts can be tens of MB). */
async function readFaces(file: string): Promise<Face[]> {
  const info = await stat(file);
  const cached = faceCache.get(file);
  if (cached && cached.mtimeMs === info.mtimeMs) return cached.faces;
  const faces: Face[] = [];
  const fd = await open(file, 'r');
  try {
    const head = await readAt(fd, 0, 12 + 4 * 64);
    for (const offset of fontOffsets(head)) {
      const dirHead = await readAt(fd, offset, 12);
      if (dirHead.length < 12) continue;
      const dir = await readAt(fd, offset, 12 + 16 * dirHead.readUInt16BE(4));
      const tables = parseTableDirectory(dir, 0);
      const name = tables.get('name');
      if (!name) continue;
      faces.push({ file, offset, names: parseNameTable(await readAt(fd, name.offset, name.length)) });
    }
  } finally {
    await fd.close();
  }
  faceCache.set(file, { mtimeMs: info.mtimeMs, faces });
  return faces;
}

async function fontFilesUnder(dir: string, depth = 4): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name);
    if (e.isDirectory() && depth > 0) out.push(...(await fontFilesUnder(full, depth - 1)));
    else if (FONT_EXT.has(path.extname(e.name).toLowerCase())) out.push(full);
  }
  return out;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

/** 3: full or PostScript name, 2: legacy family, 1: typographic family (regular face preferred). */
function matchScore(names: FontNames, wanted: string): number {
  if (
    names.fullNames.some((n) => norm(n) === wanted) ||
    (names.postscriptName && norm(names.postscriptName) === wanted)
  ) {
    return 3;
  }
  if (names.families[0] && norm(names.families[0]) === wanted) return 2;
  if (names.families.some((n) => norm(n) === wanted)) {
    return names.fullNames.some((n) => /regular$/i.test(n) || norm(n) === wanted) ? 1.5 : 1;
  }
  return 0;
}

async function findFace(wanted: string, dirs: readonly string[]): Promise<Face | null> {
  let best = null as { face: Face; score: number } | null;
  for (const dir of dirs) {
    for (const file of await fontFilesUnder(dir)) {
      let faces: Face[];
      try {
        faces = await readFaces(file);
      } catch {
        continue; // unreadable or not a font: skip, as fontconfig does
      }
      for (const face of faces) {
        const score = matchScore(face.names, wanted);
        if (score > (best?.score ?? 0)) best = { face, score };
        if (score === 3) return face;
      }
    }
    if (best && best.score >= 2) return best.face; // earlier folders win over later ones
  }
  return best?.face ?? null;
}

async function glyphsMissing(face: Face, text: string): Promise<string[]> {
  const fd = await open(face.file, 'r');
  try {
    const dirHead = await readAt(fd, face.offset, 12);
    const dir = await readAt(fd, face.offset, 12 + 16 * dirHead.readUInt16BE(4));
    const cmap = parseTableDirectory(dir, 0).get('cmap');
    if (!cmap) return [...new Set(text.replace(/\s/g, ''))];
    return missingGlyphs(cmapLookup(await readAt(fd, cmap.offset, cmap.length)), text);
  } finally {
    await fd.close();
  }
}

/**
 * Picks the subtitle face. null means the shipped CJK face. Another name is looked up (full,
 * PostScript or family name) in the shipped fonts, then `fontDirs`, then the usual system font
 * folders; it is used only if it has a glyph for every character of `text`, otherwise the shipped
 * face is used and `reason` says why. A face from outside the shipped folder is handed to libass
 * through a private folder (in workDir) holding a link to just that file, so the result never
 * depends on what fontconfig would substitute.
 */
export async function resolveSubtitleFont(
  requested: string | null,
  text: string,
  opts: { workDir: string; fontDirs?: readonly string[]; systemDirs?: readonly string[] },
): Promise<SubtitleFont> {
  const shipped: SubtitleFont = {
    faceName: SHIPPED_FACE_NAME,
    fontsDir: shippedFontsDir(),
    file: shippedRegularFontFile(),
    fallback: false,
    reason: null,
  };
  const wanted = norm(requested ?? '');
  if (!wanted) return shipped;
  const dirs = [shippedFontsDir(), ...(opts.fontDirs ?? []), ...(opts.systemDirs ?? systemFontDirs())];
  const face = await findFace(wanted, dirs);
  if (!face) return { ...shipped, fallback: true, reason: `font "${requested}" not found` };
  const missing = await glyphsMissing(face, text);
  if (missing.length > 0) {
    const sample = missing.slice(0, 5).join('');
    return { ...shipped, fallback: true, reason: `font "${requested}" has no glyphs for ${sample}` };
  }
  const faceName = face.names.families[0] ?? requested ?? SHIPPED_FACE_NAME;
  if (path.dirname(face.file) === shippedFontsDir()) {
    return { faceName, fontsDir: shippedFontsDir(), file: face.file, fallback: false, reason: null };
  }
  const fontsDir = path.join(opts.workDir, 'fonts');
  await mkdir(fontsDir, { recursive: true });
  const link = path.join(fontsDir, path.basename(face.file));
  await symlink(face.file, link).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return { faceName, fontsDir, file: face.file, fallback: false, reason: null };
}
