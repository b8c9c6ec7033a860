// Song-mode vocal estimate over the voice band, in two streaming stages with bounded memory:
//   1. harmonic/percussive separation by median filtering (drums out),
//   2. removal of what stays level for seconds in a frequency bin (pads, drones, hum).
// What is left is mostly the sung voice: harmonic, moving in pitch and loudness from note to note.

/** Half-width of the harmonic/percussive median filters: ±8 hops (±80 ms) and ±8 bins (±250 Hz). */
const HPSS_HALF = 8;
/** Half-width of the sustained-energy window: ±2.5 s of hops around the one being judged. */
const SUSTAIN_HALF = 250;
/**
 * A bin holds sustained accompaniment when its level over the window has a steady floor: the 10th
 * and 30th percentiles lie within STEADY_DB of each other. A pad or drone under everything is flat
 * there (whatever plays on top only raises the upper percentiles); a voice, even one holding a long
 * note on one pitch, swells and fades with its syllables and pauses for breath.
 */
const LOW_PERCENTILE = 0.1;
const HIGH_PERCENTILE = 0.3;
/** Spread (dB) up to which a bin counts as fully steady, and the further spread over which that fades. */
const STEADY_DB = 3;
const STEADY_FADE_DB = 6;
/** Histogram of bin levels in 1 dB steps from −120 dB (0) to 0 dB (120). */
const LEVELS = 121;
/**
 * Levels below −100 dB are digital silence (a file's lead-in, a gap between tracks): they say
 * nothing about what plays when there is sound, so percentiles are taken over the other hops.
 */
const PRESENT_LEVEL = 20;

export interface VocalBands {
  /** Inclusive FFT bin ranges. */
  voice: [number, number];
  lowVoice: [number, number];
  highVoice: [number, number];
}

/** Powers (mean square) of one hop's vocal estimate per band, and of the percussive part. */
export interface VocalHop {
  voice: number;
  lowVoice: number;
  highVoice: number;
  percussive: number;
}

/**
 * Streaming vocal estimator: `push` one power spectrum per hop, then `flush` once. Results come out
 * in hop order, HPSS_HALF + SUSTAIN_HALF hops behind the input. Memory: about 520 hops of ~120 bins.
 */
export class SongVocalEstimator {
  private readonly hpss: HpssStage;
  private readonly sustain: SustainStage;
  private readonly harmonic: Float64Array;
  private readonly total: Float64Array;

  constructor(bands: VocalBands, bins: number) {
    const lo = bands.voice[0];
    const hi = Math.min(bins - 1 - HPSS_HALF, bands.voice[1] + 6);
    this.hpss = new HpssStage(lo, hi);
    this.sustain = new SustainStage(lo, hi, bands);
    this.harmonic = new Float64Array(hi - lo + 1);
    this.total = new Float64Array(hi - lo + 1);
  }

  /** Adds one hop's power spectrum; returns the estimate of an earlier hop once it is known. */
  push(power: Float64Array): VocalHop | null {
    const percussive = this.hpss.push(power, this.harmonic, this.total);
    return percussive === null ? null : this.sustain.push(this.harmonic, this.total, percussive);
  }

  /** The estimates of every hop not yet returned, in order. */
  flush(): VocalHop[] {
    const out: VocalHop[] = [];
    for (
      let p = this.hpss.drain(this.harmonic, this.total);
      p !== null;
      p = this.hpss.drain(this.harmonic, this.total)
    ) {
      const hop = this.sustain.push(this.harmonic, this.total, p);
      if (hop) out.push(hop);
    }
    out.push(...this.sustain.flush());
    return out;
  }
}

/**
 * Harmonic/percussive separation: a bin's median over time is its harmonic part, its median over
 * frequency its percussive part (drum hits are short and broadband, sung vowels are lines that last);
 * a soft mask splits the power between them.
 */
class HpssStage {
  private readonly len = 2 * HPSS_HALF + 1;
  private readonly width: number;
  /** Magnitudes of bins lo−HPSS_HALF … hi+HPSS_HALF for the last `len` hops. */
  private readonly mags: Float64Array[];
  /** Frequency medians of bins lo … hi for the same hops. */
  private readonly percs: Float64Array[];
  /** Per bin lo … hi, its magnitudes over the last `len` hops kept sorted (len values each). */
  private readonly timeSorted: Float64Array;
  private readonly freqSorted = new Float64Array(2 * HPSS_HALF + 1);
  private count = 0;
  private emitted = 0;
  /** Hops pushed before the end of the input (−1 until draining starts). */
  private real = -1;

  constructor(
    private readonly lo: number,
    hi: number,
  ) {
    this.width = hi - lo + 1;
    this.mags = Array.from({ length: this.len }, () => new Float64Array(this.width + 2 * HPSS_HALF));
    this.percs = Array.from({ length: this.len }, () => new Float64Array(this.width));
    // The ring starts as silence, and so do the sorted windows.
    this.timeSorted = new Float64Array(this.width * this.len);
  }

  /**
   * Adds one hop (null = silence after the end); once the hop HPSS_HALF back is known, writes its
   * harmonic and total power per bin into the two arrays and returns its percussive power, else null.
   */
  push(power: Float64Array | null, harmonicOut: Float64Array, totalOut: Float64Array): number | null {
    const { len, width } = this;
    const slot = this.count % len;
    const mag = this.mags[slot]!;
    const base = this.lo - HPSS_HALF;
    for (let i = 0; i < mag.length; i++) {
      const m = power ? Math.sqrt(power[base + i] ?? 0) : 0;
      // The oldest hop leaves each bin's time window as this one enters it.
      if (i >= HPSS_HALF && i < HPSS_HALF + width) {
        slideSorted(this.timeSorted, (i - HPSS_HALF) * len, len, mag[i]!, m);
      }
      mag[i] = m;
    }
    // Frequency medians: one window slid up the spectrum.
    const perc = this.percs[slot]!;
    const sorted = this.freqSorted;
    for (let d = 0; d < len; d++) sorted[d] = mag[d]!;
    sorted.sort();
    perc[0] = sorted[HPSS_HALF]!;
    for (let k = 1; k < width; k++) {
      slideSorted(sorted, 0, len, mag[k - 1]!, mag[k + len - 1]!);
      perc[k] = sorted[HPSS_HALF]!;
    }
    this.count++;
    if (this.count <= HPSS_HALF) return null;
    this.emitted++;
    return this.centre((this.count - 1 - HPSS_HALF) % len, harmonicOut, totalOut);
  }

  /** After the input ends: pushes silence until the next real hop comes out; null when all have. */
  drain(harmonicOut: Float64Array, totalOut: Float64Array): number | null {
    if (this.real < 0) this.real = this.count;
    while (this.emitted < this.real) {
      const p = this.push(null, harmonicOut, totalOut);
      if (p !== null) return p;
    }
    return null;
  }

  /** The hop HPSS_HALF back: the time windows now span exactly its ±HPSS_HALF hops. */
  private centre(slot: number, harmonicOut: Float64Array, totalOut: Float64Array): number {
    const mag = this.mags[slot]!;
    const perc = this.percs[slot]!;
    let percussive = 0;
    for (let k = 0; k < this.width; k++) {
      const h = this.timeSorted[k * this.len + HPSS_HALF]!;
      const p = perc[k]!;
      const x2 = mag[k + HPSS_HALF]! ** 2;
      const harmonic = (x2 * h * h) / (h * h + p * p + 1e-20);
      harmonicOut[k] = harmonic;
      totalOut[k] = x2;
      percussive += x2 - harmonic;
    }
    return percussive;
  }
}

/**
 * Replaces one value of a sorted run (values[from … from+n−1]) by another and restores the order:
 * a sliding median's step in O(n) without re-sorting. `out` must be in the run.
 */
export function slideSorted(values: Float64Array, from: number, n: number, out: number, inn: number): void {
  const end = from + n;
  let i = from;
  while (i < end - 1 && values[i] !== out) i++;
  if (inn > out) {
    while (i + 1 < end && values[i + 1]! < inn) {
      values[i] = values[i + 1]!;
      i++;
    }
  } else {
    while (i > from && values[i - 1]! > inn) {
      values[i] = values[i - 1]!;
      i--;
    }
  }
  values[i] = inn;
}

/**
 * Sustained-energy removal: per bin, the level's 10th percentile over a centred window of
 * ±SUSTAIN_HALF hops (a sliding histogram, so each hop costs the same whatever the window) is what
 * the accompaniment holds, if that floor is steady; its power is subtracted. Centred, so a pad that
 * starts after silence is recognised from its first hop, not only once it has lasted.
 */
class SustainStage {
  private readonly len = 2 * SUSTAIN_HALF + 1;
  private readonly width: number;
  private readonly harmonic: Float64Array[];
  private readonly totals: Float64Array[];
  private readonly levels: Uint8Array[];
  private readonly percussive: Float64Array;
  private readonly histogram: Uint16Array;
  private inWindow = 0;
  private pushed = 0;
  private removed = 0;

  constructor(
    private readonly lo: number,
    hi: number,
    private readonly bands: VocalBands,
  ) {
    this.width = hi - lo + 1;
    this.harmonic = Array.from({ length: this.len }, () => new Float64Array(this.width));
    this.totals = Array.from({ length: this.len }, () => new Float64Array(this.width));
    this.levels = Array.from({ length: this.len }, () => new Uint8Array(this.width));
    this.percussive = new Float64Array(this.len);
    this.histogram = new Uint16Array(this.width * LEVELS);
  }

  /** Adds one hop; returns the one SUSTAIN_HALF hops back once its window is complete. */
  push(harmonic: Float64Array, total: Float64Array, percussive: number): VocalHop | null {
    // The slot about to be reused holds the hop that has just left the window: out with it first.
    this.dropBefore(this.pushed - 2 * SUSTAIN_HALF);
    const slot = this.pushed % this.len;
    this.harmonic[slot]!.set(harmonic);
    this.totals[slot]!.set(total);
    this.percussive[slot] = percussive;
    const lv = this.levels[slot]!;
    for (let k = 0; k < this.width; k++) {
      // Levels of the whole bin: the harmonic share of a steady tone wobbles whenever a drum hit
      // raises the percussive estimate, the tone itself does not.
      const db = 10 * Math.log10(total[k]! + 1e-13);
      lv[k] = Math.min(LEVELS - 1, Math.max(0, Math.round(db + 120)));
      this.histogram[k * LEVELS + lv[k]!]!++;
    }
    this.inWindow++;
    this.pushed++;
    const centre = this.pushed - 1 - SUSTAIN_HALF;
    return centre < 0 ? null : this.judge(centre);
  }

  /** The last SUSTAIN_HALF hops, their windows shrinking at the end. */
  flush(): VocalHop[] {
    const out: VocalHop[] = [];
    for (let centre = Math.max(0, this.pushed - SUSTAIN_HALF); centre < this.pushed; centre++) {
      this.dropBefore(centre - SUSTAIN_HALF);
      out.push(this.judge(centre));
    }
    return out;
  }

  private dropBefore(first: number): void {
    while (this.removed < first) {
      const lv = this.levels[this.removed % this.len]!;
      for (let k = 0; k < this.width; k++) this.histogram[k * LEVELS + lv[k]!]!--;
      this.removed++;
      this.inWindow--;
    }
  }

  private judge(centre: number): VocalHop {
    const slot = centre % this.len;
    const harmonic = this.harmonic[slot]!;
    const totals = this.totals[slot]!;
    const hop: VocalHop = { voice: 0, lowVoice: 0, highVoice: 0, percussive: 0 };
    const { voice, lowVoice, highVoice } = this.bands;
    for (let k = 0; k < this.width; k++) {
      // One walk up the histogram (from the first audible level) finds both percentiles.
      const row = k * LEVELS;
      let silent = 0;
      for (let l = 0; l < PRESENT_LEVEL; l++) silent += this.histogram[row + l]!;
      const present = this.inWindow - silent;
      const lowRank = Math.floor(LOW_PERCENTILE * (present - 1));
      const highRank = Math.floor(HIGH_PERCENTILE * (present - 1));
      let seen = 0;
      let level = PRESENT_LEVEL;
      while (level < LEVELS - 1 && seen + this.histogram[row + level]! <= lowRank) {
        seen += this.histogram[row + level++]!;
      }
      const low = level;
      while (level < LEVELS - 1 && seen + this.histogram[row + level]! <= highRank) {
        seen += this.histogram[row + level++]!;
      }
      const steady = 1 - Math.min(1, Math.max(0, (level - low - STEADY_DB) / STEADY_FADE_DB));
      // A bin silent for most of the window holds nothing sustained.
      const sustained = present * 2 < this.inWindow ? 0 : steady * 10 ** ((low - 120) / 10);
      // The steady part's power comes off the bin, and what is left splits between harmonic and
      // percussive in the same proportion as the whole bin did.
      const total = totals[k]!;
      const vocal = total > 0 ? (Math.max(0, total - sustained) * harmonic[k]!) / total : 0;
      const bin = this.lo + k;
      if (bin <= voice[1]) hop.voice += vocal;
      if (bin >= lowVoice[0] && bin <= lowVoice[1]) hop.lowVoice += vocal;
      if (bin >= highVoice[0] && bin <= highVoice[1]) hop.highVoice += vocal;
    }
    hop.percussive = this.percussive[slot]!;
    return hop;
  }
}
