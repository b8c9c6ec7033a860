// bench/footage: real-world footage through the HTTP API, as a user sends it. Starts the real
// service (`likeness serve`, the compiled build, in its default configuration) and, for every photo
// and clip of the real-media corpus (items.ts), uploads the file, makes an avatar of it
// (create_by_image / create_by_video) and says whether the service took it, how many faces it found
// and how wide the speaking one is. Each avatar then speaks in a video driven by recorded speech
// (create_by_audio; BENCH_FOOTAGE_SPEECH, default the corpus's en-speech-jfk-11s.flac) and one driven
// by text (create_by_tts, pub-en-emma); each video is timed against a bare ffmpeg encode of the same
// picture and sound (baseline.ts), downloaded, and measured by the independent lip-sync meter
// (measure.ts). Clips under 5 s are submitted too: the service must refuse them, naming their length.
// BENCH_FOOTAGE_ONLY=a,b keeps the items whose file name contains a or b; BENCH_FOOTAGE_DRIVES=speech
// or text makes only those videos. Videos and open/closed-mouth frames go to bench/output/footage/.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import { displaySize, probeMedia } from '../../server/src/media/probe.js';
import { Cleanup } from '../lib/cleanup.js';
import { cliJson, repoRoot, serverRoot, startLikeness, stopProcess } from '../lib/spawn.js';
import { svcClient } from '../lib/svc.js';
import { consoleFaceReports, download, footageClient, reasonOf } from './api.js';
import { soundFile, soundOf, timedBareEncode, type OutputShape } from './baseline.js';
import { watchCatalogue } from './catalogue.js';
import { findItems, footageRoots, speechPath, tooShort, type Item } from './items.js';
import { measure, misses, referenceFor, saveFrames, type Box, type Reference } from './measure.js';
import { printReport, videoLine, type ItemRow, type VideoRow } from './report.js';

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const ONLY = list(process.env.BENCH_FOOTAGE_ONLY);
const DRIVES = list(process.env.BENCH_FOOTAGE_DRIVES ?? 'speech,text');
if (!DRIVES.every((d) => d === 'speech' || d === 'text')) {
  throw new Error(`BENCH_FOOTAGE_DRIVES takes speech and/or text, got '${DRIVES.join(',')}'`);
}
/** About 10 s of English speech in pub-en-emma's voice. */
const TEXT =
  'Hello, and welcome to the studio. Today we talk about the weather. ' +
  'It was sunny this morning, but rain is coming tonight. Please take an umbrella.';
const VOICE = 'pub-en-emma';

const bins = resolveMediaBinaries();
const outDir = join(repoRoot, 'bench', 'output', 'footage');
const cleanup = new Cleanup();
const t00 = performance.now();
const log = (line: string) => {
  const s = Math.round((performance.now() - t00) / 1000);
  console.log(`[${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}] ${line}`);
};
const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 300);
/** A file-name-safe name for an item's outputs. */
const stem = (item: Item) => item.name.replace(/\.[^.]+$/, '').replace(/[^a-z0-9.-]+/gi, '-');

const work = await mkdtemp(join(tmpdir(), 'likeness-footage-bench-'));
cleanup.add('work dir', () => rm(work, { recursive: true, force: true }));
try {
  await mkdir(outDir, { recursive: true });
  const items = await findItems(bins, ONLY);
  if (items.length === 0) {
    throw new Error(
      `no footage in ${footageRoots().join(', ') || '(no corpus found)'} matching '${ONLY.join(',')}'`,
    );
  }
  const speech = DRIVES.includes('speech') ? await soundFile(bins, speechPath()) : null;
  log(`${items.length} items; drives: ${DRIVES.join(', ')}; speech: ${speech?.path ?? '–'}`);

  // Info-level lines, to follow the catalogue's renders (catalogue.ts); nothing is switched off.
  const catalogue = watchCatalogue();
  const server = await startLikeness({ LIKENESS_LOG_LEVEL: 'info' }, { onLine: catalogue.onLine });
  cleanup.add('server', async () => {
    await stopProcess(server.child);
    await rm(server.dataDir, { recursive: true, force: true });
  });
  const account = await cliJson(['accounts', 'create', '--credits', '1000000'], server.env, serverRoot);
  const token = account.token!;
  const { upload } = svcClient(server.url, token);
  const api = footageClient(server.url, token);
  const faceReport = await consoleFaceReports(server.url, token).catch((e: unknown) => {
    log(`console sign-in failed (${message(e)}): no detection share`);
    return null;
  });
  const speechId = speech
    ? await upload(extname(speech.path).slice(1).toLowerCase(), await readFile(speech.path))
    : null;
  const cat = await catalogue.settled(10 * 60_000);
  log(`server up; catalogue renders done: ${cat.done} of ${cat.queued ?? '?'} (timing starts now)`);

  /** Uploads the item and makes its avatar; the avatar's id when the service took it. */
  const makeAvatar = async (item: Item): Promise<{ row: ItemRow; avatar: string | null }> => {
    try {
      const fileId = await upload(item.ext, await readFile(item.path));
      const t0 = performance.now();
      const body = { file_id: fileId, title: item.name.slice(0, 100) };
      const submitted = await api.post(`/avatar/create_by_${item.kind}`, body);
      if (submitted.code !== 0) return { row: refusal(item, reasonOf(submitted)), avatar: null };
      const { task, seconds } = await api.settle('/avatar/task', submitted.task_id, t0);
      if (task.status === 4)
        return { row: { ...refusal(item, reasonOf(task)), avatarSec: seconds }, avatar: null };
      const avatar = String(task.avatar);
      const face = (task.face ?? {}) as { faces_found?: number; face_width_px?: number; speaker?: Box };
      const stored = faceReport ? await faceReport(avatar).catch(() => null) : null;
      const share = stored?.faceFoundShare;
      const row: ItemRow = {
        item,
        result: 'accepted',
        facesFound: face.faces_found,
        faceWidthPx: face.face_width_px,
        foundShare: typeof share === 'number' ? share : null,
        avatarSec: seconds,
        speaker: face.speaker,
      };
      // A short clip taken is the service's fault; its videos would say nothing about footage.
      if (tooShort(item)) return { row: { ...row, unexpected: 'a clip under 5 s was taken' }, avatar: null };
      return { row, avatar };
    } catch (e) {
      return { row: { item, result: 'error', reason: message(e) }, avatar: null };
    }
  };

  /** One video of the avatar: rendered, timed against the bare encode, downloaded and measured. */
  const makeVideo = async (
    item: Item,
    avatar: string,
    drive: string,
    picture: { kind: Item['kind']; path: string },
    referenceOf: (shape: OutputShape) => Promise<Reference>,
  ): Promise<VideoRow> => {
    const row: VideoRow = { item: item.name, drive };
    try {
      const t0 = performance.now();
      const submitted =
        drive === 'speech'
          ? await api.post('/video/create_by_audio', { file_id: speechId, avatar })
          : await api.post('/video/create_by_tts', { text: TEXT, voice: VOICE, avatar });
      if (submitted.code !== 0) return { ...row, error: `refused, ${reasonOf(submitted)}` };
      const { task, seconds } = await api.settle('/video/task', submitted.task_id, t0);
      if (task.status === 4)
        return { ...row, error: `failed after ${seconds.toFixed(0)} s, ${reasonOf(task)}` };
      row.renderSec = seconds;
      const name = `${stem(item)}-${drive}`;
      const video = await download(task.video_Url, join(outDir, `${name}.mp4`));
      const info = await probeMedia(bins.ffprobe, video);
      if (!info.video) throw new Error('the downloaded video has no picture');
      const shape = { ...displaySize(info.video), fps: Math.round(info.video.fps) || 25 };
      // Right after the render, with the sound that drove it (a text's: the speech the service made).
      const sound =
        speech && drive === 'speech' ? speech : await soundOf(bins, video, join(work, `${name}.wav`));
      row.bareSec =
        (await timedBareEncode(bins, picture, sound, shape, join(work, `bare-${name}.mp4`))) / 1000;
      const reference = await referenceOf(shape);
      const m = await measure(bins, video, reference);
      Object.assign(row, {
        r: m.r,
        lagMs: m.lagMs,
        openRatio: m.openRatio,
        meterFaces: m.facesFound,
        frames: m.frames,
        misses: misses(m),
        reference: reference.note,
      } satisfies Partial<VideoRow>);
      await saveFrames(bins, video, m, outDir, name);
      return row;
    } catch (e) {
      return { ...row, error: message(e) };
    }
  };

  const itemRows: ItemRow[] = [];
  const videoRows: VideoRow[] = [];
  for (const [i, item] of items.entries()) {
    const size = item.width ? `${item.width}x${item.height}` : 'unreadable';
    const length = item.durationSec === null ? '' : `, ${item.durationSec.toFixed(2)} s`;
    log(
      `(${i + 1}/${items.length}) ${item.name}: ${item.kind === 'image' ? 'photo' : 'clip'} ${size}${length}`,
    );
    const { row, avatar } = await makeAvatar(item);
    itemRows.push(row);
    const face =
      row.faceWidthPx === undefined ? '' : `, faces ${row.facesFound ?? '?'}, width ${row.faceWidthPx} px`;
    const share =
      typeof row.foundShare === 'number' ? `, found in ${(row.foundShare * 100).toFixed(0)} %` : '';
    log(
      `  avatar: ${row.result}${row.reason ? ` (${row.reason})` : ''}${row.unexpected ? ` UNEXPECTED: ${row.unexpected}` : ''}` +
        `${row.avatarSec === undefined ? '' : ` in ${row.avatarSec.toFixed(0)} s`}${face}${share}`,
    );
    if (!avatar) continue;
    let picture = { kind: item.kind, path: item.path };
    try {
      if (item.kind === 'image') {
        // Upright, as the service decodes it, for the baseline and the meter's reference alike.
        picture = { kind: 'image', path: join(work, `${stem(item)}-upright.png`) };
        await sharp(item.path).rotate().png().toFile(picture.path);
      }
    } catch (e) {
      for (const drive of DRIVES) videoRows.push({ item: item.name, drive, error: message(e) });
      continue;
    }
    const references = new Map<string, Promise<Reference>>();
    const referenceOf = (shape: OutputShape) => {
      const key = `${shape.width}x${shape.height}`;
      if (!references.has(key))
        references.set(key, referenceFor(bins, item, picture.path, shape, work, row.speaker));
      return references.get(key)!;
    };
    for (const drive of DRIVES) {
      const video = await makeVideo(item, avatar, drive, picture, referenceOf);
      videoRows.push(video);
      log(video.error ? `  ${drive}: ERROR ${video.error}` : videoLine(video));
    }
  }
  printReport(itemRows, videoRows);
  console.log(`\nvideos and open/closed-mouth frames in ${outDir}`);
} finally {
  await cleanup.unwind(0);
}

/** A refused item; a short clip refused without its length counts as unexpected. */
function refusal(item: Item, reason: string): ItemRow {
  const row: ItemRow = { item, result: 'refused', reason };
  if (tooShort(item) && !/\d s\b/.test(reason)) row.unexpected = 'refused without saying its length';
  return row;
}
