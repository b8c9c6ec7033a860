import { MESH_POINTS } from './landmarks.js';
import type { FaceSample, FaceTrack } from './track.js';

/**
 * Compact storage of a face track: "LKFT", a little-endian u32 header length, a JSON header (size,
 * rate, per-sample time, score and head angles) and then every sample's 468 points as int16 in
 * quarter pixels (±8191 px). About 1.9 kB per sample: a 3-minute avatar sampled at 25 per second is
 * under 9 MB. Pure.
 */

const MAGIC = 'LKFT';
const VERSION = 1;
/** Sub-pixel resolution of stored coordinates. */
const SCALE = 4;
const VALUES = MESH_POINTS * 2;

interface Header {
  version: number;
  /** Absent in tracks of the plain face mesh (written before models were named). */
  model?: string;
  width: number;
  height: number;
  sampleFps: number;
  startSec: number;
  times: number[];
  scores: number[];
  yaw: number[];
  pitch: number[];
  roll: number[];
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const r1 = (v: number) => Math.round(v * 10) / 10;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function encodeFaceTrack(track: FaceTrack): Buffer {
  const s = track.samples;
  const header: Header = {
    version: VERSION,
    ...(track.model ? { model: track.model } : {}),
    width: track.width,
    height: track.height,
    sampleFps: track.sampleFps,
    startSec: r3(track.startSec),
    times: s.map((x) => r3(x.timeSec)),
    scores: s.map((x) => r3(x.score)),
    yaw: s.map((x) => r1(x.yaw)),
    pitch: s.map((x) => r1(x.pitch)),
    roll: s.map((x) => r1(x.roll)),
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const body = new Int16Array(s.length * VALUES);
  s.forEach((sample, i) => {
    if (sample.score <= 0) return;
    for (let k = 0; k < VALUES; k++) {
      const v = Math.round(sample.points[k]! * SCALE);
      body[i * VALUES + k] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
    }
  });
  const head = Buffer.alloc(8);
  head.write(MAGIC, 0, 'ascii');
  head.writeUInt32LE(json.length, 4);
  const out = Buffer.concat([head, json, Buffer.alloc(body.byteLength)]);
  // Int16Array is platform-endian; the file is little-endian so files move between machines.
  const at = 8 + json.length;
  if (LITTLE_ENDIAN) out.set(new Uint8Array(body.buffer), at);
  else for (let k = 0; k < body.length; k++) out.writeInt16LE(body[k]!, at + k * 2);
  return out;
}

/**
 * The file's little-endian 16-bit values as an Int16Array, copied in one block (renders decode the
 * track on the thread serving HTTP: value by value through readInt16LE a minute of track cost it
 * tens of milliseconds).
 */
function littleEndianInt16(bytes: Buffer): Int16Array {
  const out = new Int16Array(bytes.length / 2);
  if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(bytes);
  else for (let k = 0; k < out.length; k++) out[k] = bytes.readInt16LE(k * 2);
  return out;
}

export function decodeFaceTrack(buf: Buffer): FaceTrack {
  if (buf.length < 8 || buf.toString('ascii', 0, 4) !== MAGIC) throw new Error('not a face track file');
  const len = buf.readUInt32LE(4);
  const header = JSON.parse(buf.toString('utf8', 8, 8 + len)) as Header;
  if (header.version !== VERSION) throw new Error(`unsupported face track version ${header.version}`);
  const n = header.times.length;
  const at = 8 + len;
  if (buf.length !== at + n * VALUES * 2) throw new Error('face track file is truncated');
  const body = littleEndianInt16(buf.subarray(at, at + n * VALUES * 2));
  const samples: FaceSample[] = [];
  for (let i = 0; i < n; i++) {
    const score = header.scores[i] ?? 0;
    let points = new Float32Array(0);
    if (score > 0) {
      points = new Float32Array(VALUES);
      for (let k = 0; k < VALUES; k++) points[k] = body[i * VALUES + k]! / SCALE;
    }
    samples.push({
      timeSec: header.times[i]!,
      score,
      points,
      yaw: header.yaw[i] ?? 0,
      pitch: header.pitch[i] ?? 0,
      roll: header.roll[i] ?? 0,
    });
  }
  return {
    ...(header.model ? { model: header.model } : {}),
    width: header.width,
    height: header.height,
    sampleFps: header.sampleFps,
    startSec: header.startSec,
    samples,
  };
}
