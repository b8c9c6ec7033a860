import { RealFft, hannWindow } from './fft.js';
import { SongVocalEstimator, type VocalHop } from './song-vocal.js';

export type DrivingAudioMode = 'speech' | 'song';

/**
 * What the mouth and the head motion need of a driving audio file, one value per analysis hop
 * (hop i is centred on time i * hopSec). Levels are in dB relative to full scale (≈ -120 for
 * silence). A 30-minute file is about 180 000 hops, a few megabytes.
 */
export interface AudioFeatures {
  mode: DrivingAudioMode;
  hopSec: number;
  durationSec: number;
  /** Level of the whole signal. */
  levelDb: Float32Array;
  /**
   * Level of the voice band (250-3500 Hz). In song mode, of the estimated sung vocal only: the
   * harmonic part of the band with sustained (steady) energy removed (see song-vocal.ts).
   */
  voiceDb: Float32Array;
  /** The lower voice band (250-1000 Hz: first formant of open vowels, second of rounded ones). */
  lowVoiceDb: Float32Array;
  /** The upper voice band (1800-3500 Hz: second formant of spread front vowels). */
  highVoiceDb: Float32Array;
  /** The bass band (30-150 Hz: kick drum, bass notes). */
  bassDb: Float32Array;
  /** Song mode only: level of the percussive (short, broadband) part of 250-3700 Hz. */
  percussiveDb?: Float32Array;
}

const HOP_SEC = 0.01;
const WINDOW_SEC = 0.032;
const SILENCE_DB = -120;

const toDb = (power: number): number => Math.max(SILENCE_DB, 10 * Math.log10(power + 1e-13));

/** A Float32Array that grows by doubling; `take()` returns the filled part. */
class Series {
  private data = new Float32Array(1024);
  private length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  take(): Float32Array {
    return this.data.slice(0, this.length);
  }
}

interface Bands {
  bass: [number, number];
  voice: [number, number];
  lowVoice: [number, number];
  highVoice: [number, number];
}

/**
 * Streaming feature extractor: feed mono float samples in chunks of any size with `push`, then call
 * `finish` once. It keeps only one analysis window of samples (plus, in song mode, about five
 * seconds of voice-band spectra), so memory does not grow with the file, apart from the per-hop
 * features.
 */
export class DrivingAudioAnalyser {
  private readonly hop: number;
  private readonly win: number;
  private readonly fft: RealFft;
  private readonly window: Float64Array;
  private readonly windowPower: number;
  private readonly buffer: Float64Array;
  private filled: number;
  private received = 0;
  private hops = 0;
  private readonly frame: Float64Array;
  private readonly spectrum: Float64Array;
  private readonly bands: Bands;
  private readonly out = {
    level: new Series(),
    voice: new Series(),
    lowVoice: new Series(),
    highVoice: new Series(),
    bass: new Series(),
    percussive: new Series(),
  };
  private readonly song: SongVocalEstimator | null;

  constructor(
    readonly mode: DrivingAudioMode,
    readonly sampleRate: number,
  ) {
    this.hop = Math.round(sampleRate * HOP_SEC);
    let size = 4;
    while (size < sampleRate * WINDOW_SEC) size *= 2;
    this.win = size;
    this.fft = new RealFft(size);
    this.window = hannWindow(size);
    this.windowPower = this.window.reduce((s, w) => s + w * w, 0);
    this.buffer = new Float64Array(size);
    // Half a window of silence first, so hop i is centred on sample i*hop.
    this.filled = size / 2;
    this.frame = new Float64Array(size);
    this.spectrum = new Float64Array(size / 2 + 1);
    const bin = (hz: number) => Math.min(size / 2, Math.max(1, Math.round((hz * size) / sampleRate)));
    this.bands = {
      bass: [bin(30), bin(150)],
      voice: [bin(250), bin(3500)],
      lowVoice: [bin(250), bin(1000)],
      highVoice: [bin(1800), bin(3500)],
    };
    this.song = mode === 'song' ? new SongVocalEstimator(this.bands, size / 2 + 1) : null;
  }

  push(samples: ArrayLike<number>): void {
    let at = 0;
    this.received += samples.length;
    while (at < samples.length) {
      const take = Math.min(samples.length - at, this.win - this.filled);
      for (let i = 0; i < take; i++) this.buffer[this.filled + i] = samples[at + i]!;
      this.filled += take;
      at += take;
      if (this.filled === this.win) this.analyseFrame();
    }
  }

  /** Analyses the tail (padding with silence) and returns the features. */
  finish(): AudioFeatures {
    const wanted = Math.ceil(this.received / this.hop);
    while (this.hops < wanted) {
      this.buffer.fill(0, this.filled);
      this.filled = this.win;
      this.analyseFrame();
    }
    if (this.song) for (const r of this.song.flush()) this.pushSong(r);
    const features: AudioFeatures = {
      mode: this.mode,
      hopSec: this.hop / this.sampleRate,
      durationSec: this.received / this.sampleRate,
      levelDb: this.out.level.take(),
      voiceDb: this.out.voice.take(),
      lowVoiceDb: this.out.lowVoice.take(),
      highVoiceDb: this.out.highVoice.take(),
      bassDb: this.out.bass.take(),
    };
    if (this.song) features.percussiveDb = this.out.percussive.take();
    return features;
  }

  private analyseFrame(): void {
    const { buffer, frame, window, spectrum } = this;
    for (let i = 0; i < this.win; i++) frame[i] = buffer[i]! * window[i]!;
    this.fft.power(frame, spectrum);
    // One-sided power → mean square of the windowed signal (Parseval), so a full-scale sine is ≈ -3 dB.
    const scale = 2 / (this.win * this.windowPower);
    for (let k = 0; k < spectrum.length; k++) spectrum[k] = spectrum[k]! * scale;
    this.out.level.push(toDb(sum(spectrum, 1, spectrum.length - 1)));
    this.out.bass.push(toDb(sum(spectrum, ...this.bands.bass)));
    if (this.song) {
      const r = this.song.push(spectrum);
      if (r) this.pushSong(r);
    } else {
      this.out.voice.push(toDb(sum(spectrum, ...this.bands.voice)));
      this.out.lowVoice.push(toDb(sum(spectrum, ...this.bands.lowVoice)));
      this.out.highVoice.push(toDb(sum(spectrum, ...this.bands.highVoice)));
    }
    this.hops++;
    buffer.copyWithin(0, this.hop, this.win);
    this.filled = this.win - this.hop;
  }

  private pushSong(r: VocalHop): void {
    this.out.voice.push(toDb(r.voice));
    this.out.lowVoice.push(toDb(r.lowVoice));
    this.out.highVoice.push(toDb(r.highVoice));
    this.out.percussive.push(toDb(r.percussive));
  }
}

function sum(values: Float64Array, from: number, to: number): number {
  let s = 0;
  for (let k = from; k <= to; k++) s += values[k]!;
  return s;
}
