// Minimal RIFF/WAVE handling for 16-bit PCM mono: what eSpeak produces and what likeness outputs.

/** A 44-byte canonical WAV header for `dataBytes` of PCM s16le. Pure. */
export function wavHeader(dataBytes: number, sampleRate: number, channels = 1): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * channels * 2, 28);
  h.writeUInt16LE(channels * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  return Buffer.concat([wavHeader(data.length, sampleRate), data]);
}

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataOffset: number;
  dataBytes: number;
  durationSec: number;
}

/**
 * Reads the fmt and data chunks of a WAV file, skipping others (ffmpeg writes a LIST chunk). A data
 * size of 0 or 0xFFFFFFFF (streamed output) means "to the end of the file". Pass the file's size
 * when `buf` holds only its first few kilobytes. Pure.
 */
export function parseWav(buf: Buffer, fileBytes: number = buf.length): WavInfo {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  let fmt: { sampleRate: number; channels: number; bitsPerSample: number } | null = null;
  let at = 12;
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      fmt = {
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new Error('WAV data before fmt chunk');
      // `buf` may be just the head of the file; sizes are checked against the whole file.
      const avail = fileBytes - body;
      const dataBytes = size === 0 || size === 0xffffffff || size > avail ? avail : size;
      const frameBytes = (fmt.bitsPerSample / 8) * fmt.channels;
      return {
        ...fmt,
        dataOffset: body,
        dataBytes,
        durationSec: Math.floor(dataBytes / frameBytes) / fmt.sampleRate,
      };
    }
    at = body + size + (size % 2);
  }
  throw new Error('WAV file has no data chunk');
}

/** The 16-bit samples of a parsed WAV buffer (copied, so alignment never matters). */
export function wavSamples(buf: Buffer, info: WavInfo): Int16Array {
  if (info.bitsPerSample !== 16) throw new Error(`expected 16-bit PCM, got ${info.bitsPerSample}-bit`);
  const out = new Int16Array(Math.floor(info.dataBytes / 2));
  for (let i = 0; i < out.length; i++) out[i] = buf.readInt16LE(info.dataOffset + i * 2);
  return out;
}
