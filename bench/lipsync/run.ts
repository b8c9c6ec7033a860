// bench/lipsync: lip sync as the user receives it. Starts the real service (`likeness serve`, the
// compiled build), makes five avatars through the HTTP API — a frontal portrait photo
// (create_by_image), a video of a gently moving person (create_by_video), a 640x360 video with a
// small (~100 px wide) face tilted by ~15° (create_by_video) and still videos (360x640, 720x1280) of
// another person looking down, head rolled by ~28°, dark lipstick (create_by_video) — and for each a
// text-driven video in English and in Chinese (create_by_tts) and a sound-driven one
// (create_by_audio, with speech the service itself synthesised through audio/create_by_tts, so it
// has real pauses), plus, where Debian's pocketsphinx-testdata is installed, one driven by two
// recorded readings. BENCH_LIPSYNC_ONLY=rolled keeps the avatars whose label holds it. Each result is
// downloaded and measured by the independent lip-sync meter (server/test/helpers/lipsync-meter.ts:
// face-api's 68 landmarks on the decoded frames, against the file's own sound; the face located and
// its height measured on the avatar's source, so all videos of an avatar are cropped and scaled
// alike). Prints one row per
// video and whether it meets the renderer issue's aims; writes the videos, open- and closed-mouth
// frames (whole and the face alone) and per-frame CSVs to bench/output/lipsync/. "At rest" is the
// meter's gap on the avatar's own closed lips, in its source, in a video of it driven by silence and
// in its source re-encoded at x264 CRF 18, 23 (the service's) and 28, for the silence figure.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { resolveMediaBinaries } from '../../server/src/media/binaries.js';
import { extractFrame } from '../../server/src/media/compose/index.js';
import { runMediaBinary } from '../../server/src/media/run-ffmpeg.js';
import { mean } from '../../server/test/helpers/lipsync-math.js';
import {
  CLOSED_GAP,
  measureLipSync,
  meterReference,
  type LipSyncResult,
  type MeterReference,
} from '../../server/test/helpers/lipsync-meter.js';
import { facePhoto, makePortraitVideo, portraitPhoto } from '../../server/test/helpers/media-fixtures.js';
import { Cleanup } from '../lib/cleanup.js';
import { svcClient, type Body } from '../lib/svc.js';
import { cliJson, repoRoot, serverRoot, startLikeness, stopProcess } from '../lib/spawn.js';

/** Only the avatars whose label contains this (e.g. "rolled"); all when unset. */
const ONLY = process.env.BENCH_LIPSYNC_ONLY ?? '';

/** The renderer issue's acceptance figures. */
const AIM = { r: 0.65, lagMs: 40, openRatio: 1.5, silenceOpen: CLOSED_GAP };
/** The meter's rounding on a source's lips at rest (face heights). */
const REST_MARGIN = 0.002;
/** x264 qualities the avatar's source is re-encoded at, to see how the meter reads closed lips through each. */
const REST_CRFS = [18, 23, 28];

const TEXTS = {
  en:
    'Hello, and welcome to the studio. Today we talk about the weather. ' +
    'It was sunny this morning, but rain is coming tonight. Please take an umbrella.',
  zh: '大家好，欢迎来到我们的节目。今天我们聊一聊天气。早上阳光很好，晚上可能会下雨。出门请记得带伞。',
  /** Synthesised by the service (another voice), then uploaded as the driving sound. */
  audio:
    'Good morning. My name is James, and I will read the news. ' +
    'First, the markets were calm today. Second, the new bridge opens on Monday.',
};
const VOICES = { en: 'pub-en-emma', zh: 'pub-zh-xiaoyun', audio: 'pub-en-james' };

const bins = resolveMediaBinaries();
const outDir = join(repoRoot, 'bench', 'output', 'lipsync');
const cleanup = new Cleanup();
const ff = (args: string[]) => runMediaBinary(bins.ffmpeg, ['-hide_banner', '-v', 'error', '-y', ...args]);

/** Two recorded readings (LibriVox, 16 kHz) from Debian's pocketsphinx-testdata, when installed. */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const READINGS = ['0880', '0920'].map((n) => join(LIBRIVOX, `sense_and_sensibility_01_austen_64kb-${n}.wav`));

/** The readings one after the other with 1.2 s of silence after each, as one WAV; null without them. */
async function recordedSpeech(work: string): Promise<string | null> {
  if (!READINGS.every((r) => existsSync(r))) return null;
  const out = join(work, 'recorded.wav');
  await ff([
    ...READINGS.flatMap((r) => ['-i', r]),
    ...[
      '-filter_complex', // 16 kHz readings: 19,200 samples are 1.2 s.
      '[0]apad=pad_len=19200[a0];[1]apad=pad_len=19200[a1];[a0][a1]concat=n=2:v=0:a=1[a]',
    ],
    ...['-map', '[a]', out],
  ]);
  return out;
}

/** The inputs: a frontal portrait, a moving person, a small tilted face in a 640x360 frame, and a
 * face looking down and rolled in still videos of two sizes. */
async function makeInputs(work: string) {
  // The blonde woman of the third sample photo: frontal, lips closed, 3:4, face ~265 px wide.
  const frontal = join(work, 'frontal.png');
  await sharp(facePhoto(3))
    .extract({ left: 415, top: 200, width: 540, height: 720 })
    .resize(720, 960, { kernel: 'lanczos3' })
    .png()
    .toFile(frontal);
  const moving = await makePortraitVideo(
    join(work, 'moving.mp4'),
    await portraitPhoto(join(work, 'portrait.png')),
    8,
    '480x640',
  );
  // The same portrait as a 270x360 card (face ~100 px wide) turned by 15° (±1° sway) over a
  // blurred copy of itself, 640x360, 8 s.
  const small = join(work, 'small-tilted.mp4');
  const graph =
    '[0]split[a][b];[a]scale=640:360:force_original_aspect_ratio=increase,crop=640:360,boxblur=12[bg];' +
    "[b]scale=270:360,format=rgba,rotate=a='(15+sin(2*PI*t/4))*PI/180':c=none:ow=rotw(0.3):oh=roth(0.3)[fg];" +
    '[bg][fg]overlay=x=(W-w)/2:y=(H-h)/2,format=yuv420p[v]';
  await ff([
    ...['-loop', '1', '-framerate', '25', '-i', frontal],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'],
    ...['-t', '8', '-filter_complex', graph, '-map', '[v]', '-map', '1', '-r', '25'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-c:a', 'aac', '-shortest', small],
  ]);
  // The middle person of the first sample photo as a still video: looking down, head rolled by
  // ~28°, dark lipstick, lips closed; at 360x640 (face ~115 px high) and 720x1280.
  const rolled = async (w: number, h: number) => {
    const out = join(work, `rolled-${w}x${h}.mp4`);
    await ff([
      ...['-loop', '1', '-framerate', '25', '-i', facePhoto(1)],
      ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono'],
      ...[
        '-t',
        '8',
        '-vf',
        `scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},format=yuv420p`,
      ],
      ...['-map', '0:v', '-map', '1:a', '-r', '25'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-c:a', 'aac', '-shortest', out],
    ]);
    return out;
  };
  return {
    frontal,
    moving,
    small,
    rolledSmall: await rolled(360, 640),
    rolledLarge: await rolled(720, 1280),
  };
}

/** A frame as PNG, and a square crop of the face in it (2× the face box) scaled to 256 px. */
async function saveFrame(video: string, atSec: number, face: LipSyncResult['face'], name: string) {
  await extractFrame(bins, video, atSec, join(outDir, `${name}.png`));
  if (!face) return;
  const [x, y, w, h] = face.box;
  const side = Math.round(Math.max(w, h) * 1.6);
  const left = Math.max(0, Math.round(x + w / 2 - side / 2));
  const top = Math.max(0, Math.round(y + h / 2 - side / 2));
  await ff([
    ...['-ss', atSec.toFixed(3), '-i', video, '-map', '0:V:0', '-frames:v', '1'],
    ...['-vf', `crop=min(${side}\\,iw-${left}):min(${side}\\,ih-${top}):${left}:${top},scale=256:-2`],
    join(outDir, `${name}-face.png`),
  ]);
}

/** The frame where the mouth is widest in speech, and the middle of the longest silence. */
function openAndClosed(m: LipSyncResult): { open: number; closed: number | null } {
  let open = 0;
  let widest = -1;
  m.perFrame.forEach((f, i) => {
    if (f.speech && f.gap !== null && f.gap > widest) [open, widest] = [i, f.gap];
  });
  let best: [number, number] | null = null;
  for (let i = 0; i < m.perFrame.length;) {
    let j = i;
    while (j < m.perFrame.length && !m.perFrame[j]!.speech) j++;
    if (j > i && (!best || j - i > best[1] - best[0])) best = [i, j];
    i = j + 1;
  }
  return { open: m.perFrame[open]!.t, closed: best ? m.perFrame[(best[0] + best[1]) >> 1]!.t : null };
}

const fmt = (v: number, digits: number) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');

/** What the meter reads on an avatar's closed lips: in its source, rendered by the service, re-encoded. */
interface Rest {
  source: number;
  /** A video of the avatar driven by silence: its own picture through the service's encoder. */
  rendered: number;
  /** The source re-encoded at each of REST_CRFS: the same closed lips through ordinary encoders. */
  encoded: number[];
}

/**
 * Silence counts as closed below the meter's cut for closed lips, or up to what the meter reads on
 * the person's own closed lips (some faces read above the cut: a mouth cannot close further than
 * closed, and pressing it shut further would be an artefact). On some faces the meter reads the same
 * closed lips differently through different encodes (the rolled face at 720x1280: 0.035 in its
 * source, 0.043–0.044 re-encoded at CRF 23–28), so the highest of those readings is the bound: a
 * video's silences read within it could be those very pixels.
 */
function closedInSilence(m: LipSyncResult, rest: Rest): boolean {
  const closed = Math.max(rest.source, rest.rendered, ...rest.encoded);
  return m.silenceOpen <= Math.max(AIM.silenceOpen, closed + REST_MARGIN);
}

function verdict(m: LipSyncResult, rest: Rest): string {
  const misses = [
    !(m.r >= AIM.r) && 'r',
    !(Math.abs(m.lagMs) <= AIM.lagMs) && 'lag',
    !(m.openRatio >= AIM.openRatio) && 'open ratio',
    !closedInSilence(m, rest) && 'silence',
    m.facesFound < m.frames && 'faces',
  ].filter(Boolean);
  return misses.length ? `FAIL (${misses.join(', ')})` : 'pass';
}

const work = await mkdtemp(join(tmpdir(), 'likeness-lipsync-bench-'));
cleanup.add('work dir', () => rm(work, { recursive: true, force: true }));
try {
  await mkdir(outDir, { recursive: true });
  const inputs = await makeInputs(work);
  const server = await startLikeness({ LIKENESS_CATALOGUE_PRERENDER: 'off' });
  cleanup.add('server', async () => {
    await stopProcess(server.child);
    await rm(server.dataDir, { recursive: true, force: true });
  });
  const account = await cliJson(['accounts', 'create', '--credits', '1000000'], server.env, serverRoot);
  const token = account.token!;
  const { call, upload, wait } = svcClient(server.url, token);
  const fetchTo = async (url: unknown, path: string): Promise<string> => {
    const res = await fetch(String(url));
    if (res.status !== 200) throw new Error(`download: HTTP ${res.status}`);
    await writeFile(path, Buffer.from(await res.arrayBuffer()));
    return path;
  };

  // How the person's own mouth reads at rest in each source (the meter on the source itself).
  const stillClip = join(work, 'frontal.mp4');
  await ff([
    ...[
      '-loop',
      '1',
      '-framerate',
      '25',
      '-i',
      inputs.frontal,
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=44100:cl=mono',
    ],
    ...[
      '-t',
      '3',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
    ],
    ...['-c:a', 'aac', stillClip],
  ]);
  // Every avatar: how it is made, and the clip its source's mouth at rest is measured on.
  const avatars = [
    { label: 'frontal photo', kind: 'image', file: inputs.frontal, rest: stillClip },
    { label: 'moving video', kind: 'video', file: inputs.moving, rest: inputs.moving },
    { label: 'small tilted 640x360', kind: 'video', file: inputs.small, rest: inputs.small },
    {
      label: 'rolled, looking down 360x640',
      kind: 'video',
      file: inputs.rolledSmall,
      rest: inputs.rolledSmall,
    },
    {
      label: 'rolled, looking down 720x1280',
      kind: 'video',
      file: inputs.rolledLarge,
      rest: inputs.rolledLarge,
    },
  ].filter((a) => !ONLY || a.label.includes(ONLY));
  const rest: Record<string, number> = {};
  const encodedRest: Record<string, number[]> = {};
  // Each source measured once as the meter's reference for every video of its avatar.
  const reference: Record<string, MeterReference> = {};
  for (const a of avatars) {
    rest[a.label] = (await measureLipSync(a.rest)).silenceOpen;
    reference[a.label] = await meterReference(a.rest);
    encodedRest[a.label] = [];
    for (const crf of REST_CRFS) {
      const out = join(work, `rest-${Object.keys(encodedRest).length}-${crf}.mp4`);
      // `rest` is a video for every avatar (the photo's as a still clip).
      await ff([
        ...['-t', '4', '-i', a.rest, '-map', '0:v', '-map', '0:a', '-c:a', 'copy', '-vf', 'format=yuv420p'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', String(crf), out],
      ]);
      const m = await measureLipSync(out, { reference: reference[a.label] });
      encodedRest[a.label]!.push(mean(m.perFrame.flatMap((f) => (f.gap === null ? [] : [f.gap]))));
    }
  }

  const t0 = performance.now();
  const avatarIds: Record<string, string> = {};
  const avatarTasks = avatars.map(async (a) => {
    const body =
      a.kind === 'image'
        ? { file_id: await upload('png', await readFile(a.file)), title: a.label }
        : { file_id: await upload('mp4', await readFile(a.file)), title: a.label };
    return { label: a.label, task: await call('POST', `/avatar/create_by_${a.kind}`, body) };
  });
  for (const submitted of avatarTasks) {
    const { label, task } = await submitted;
    avatarIds[label] = String((await wait('/avatar/task', task.task_id)).avatar);
  }
  const speechTask = await call('POST', '/audio/create_by_tts', { voice: VOICES.audio, text: TEXTS.audio });
  const speech = await fetchTo(
    (await wait('/video/task', speechTask.task_id)).video_Url,
    join(work, 'speech.mp3'),
  );
  const speechFile = await upload('mp3', await readFile(speech));
  console.log(`avatars and driving speech ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const recorded = await recordedSpeech(work);
  const recordedFile = recorded ? await upload('wav', await readFile(recorded)) : null;
  if (!recorded) console.log('pocketsphinx-testdata not installed: no video driven by recorded speech');

  const drives: Record<string, (avatar: string) => Promise<Body>> = {
    'text en': (avatar: string) =>
      call('POST', '/video/create_by_tts', { text: TEXTS.en, voice: VOICES.en, avatar }),
    'text zh': (avatar: string) =>
      call('POST', '/video/create_by_tts', { text: TEXTS.zh, voice: VOICES.zh, avatar }),
    'sound en': (avatar: string) => call('POST', '/video/create_by_audio', { file_id: speechFile, avatar }),
  };
  if (recordedFile) {
    drives['sound recorded'] = (avatar: string) =>
      call('POST', '/video/create_by_audio', { file_id: recordedFile, avatar });
  }
  // Each avatar driven by 6 s of silence: its closed lips as the service renders and encodes them.
  const silent = join(work, 'silence.wav');
  await ff(['-f', 'lavfi', '-i', 'anullsrc=r=22050:cl=mono', '-t', '6', silent]);
  const silentFile = await upload('wav', await readFile(silent));
  const renderedRest: Record<string, number> = {};
  for (const [input, avatar] of Object.entries(avatarIds)) {
    const done = await wait(
      '/video/task',
      (await call('POST', '/video/create_by_audio', { file_id: silentFile, avatar })).task_id,
    );
    const video = await fetchTo(done.video_Url, join(work, `silent-${Object.keys(renderedRest).length}.mp4`));
    const m = await measureLipSync(video, { reference: reference[input] });
    renderedRest[input] = mean(m.perFrame.flatMap((f) => (f.gap === null ? [] : [f.gap])));
  }
  const restOf = (input: string): Rest => ({
    source: rest[input]!,
    rendered: renderedRest[input]!,
    encoded: encodedRest[input]!,
  });

  const works: { input: string; drive: string; task: Promise<Body> }[] = [];
  for (const [input, avatar] of Object.entries(avatarIds)) {
    for (const [drive, submit] of Object.entries(drives)) {
      const task = submit(avatar);
      task.catch(() => undefined); // awaited in turn below
      works.push({ input, drive, task });
    }
  }

  const rows: string[] = [];
  for (const w of works) {
    const done = await wait('/video/task', (await w.task).task_id);
    const name = `${w.input}-${w.drive}`.replace(/[^a-z0-9]+/gi, '-');
    const video = await fetchTo(done.video_Url, join(outDir, `${name}.mp4`));
    // Located and scaled on the avatar's own source, so every video of one avatar is cropped and
    // scaled alike whatever its mouth does (the meter's `reference`).
    const m = await measureLipSync(video, { reference: reference[w.input] });
    const { open, closed } = openAndClosed(m);
    await saveFrame(video, open, m.face, `${name}-open`);
    if (closed !== null) await saveFrame(video, closed, m.face, `${name}-closed`);
    await writeFile(
      join(outDir, `${name}.csv`),
      't,gap,rms,speech\n' +
        m.perFrame
          .map((f) => `${f.t.toFixed(3)},${f.gap ?? ''},${f.rms.toFixed(5)},${f.speech ? 1 : 0}`)
          .join('\n'),
    );
    const r = restOf(w.input);
    const row =
      `| ${w.input} | ${w.drive} | ${fmt(m.r, 2)} | ${fmt(m.lagMs, 0)} | ${fmt(m.openRatio, 2)} | ` +
      `${fmt(m.silenceOpen, 3)} | ${fmt(r.source, 3)} / ${fmt(r.rendered, 3)} / ` +
      `${fmt(Math.min(...r.encoded), 3)}–${fmt(Math.max(...r.encoded), 3)} | ` +
      `${m.facesFound}/${m.frames} | ${verdict(m, r)} |`;
    rows.push(row);
    console.log(
      `${row}  (speech ${fmt(m.speechOpen, 3)}, pauses ${fmt(m.pauseOpen, 3)}; ` +
        `${m.counts.speech}/${m.counts.pause}/${m.counts.silence} speech/pause/silence frames; ` +
        `meter ${(m.elapsedMs / 1000).toFixed(1)} s)`,
    );
  }
  console.log(
    `\naims: r ≥ ${AIM.r} at the best lag, |lag| ≤ ${AIM.lagMs} ms, open ratio ≥ ${AIM.openRatio}, ` +
      `silence open ≤ ${AIM.silenceOpen} face heights (or ≤ the avatar's own closed lips), the face found in every frame`,
  );
  console.log(
    '\n| input | drive | r | lag ms | open ratio | silence open | at rest: source / rendered / re-encoded | faces found | aims |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(`\nframes and per-frame CSVs in ${outDir}`);
} finally {
  await cleanup.unwind(0);
}
