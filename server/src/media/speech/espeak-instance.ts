// One eSpeak-NG module whose every synthesis starts from the same memory state.
//
// eSpeak keeps state between utterances inside its linear memory (the C library's random generator
// behind its voicing noise, buffers left from the last utterance): the same request gave different
// samples, and a different length, each time it was sent. Copying a snapshot of the memory back before
// each synthesis makes one request give one sound, whatever ran before it. Strings go into the heap
// through our own malloc after the restore, never through the binding's string cache: that cache keeps
// heap pointers on the JavaScript side, which a restored heap would no longer hold.
import init, { type ESpeakNGModule, type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';

export interface SynthesisSettings {
  voice: string;
  rateWpm: number;
  pitch: number;
  range: number;
}

export class EspeakInstance {
  private constructor(
    private readonly module: ESpeakNGModule,
    private readonly worker: ESpeakNGWorker,
    private readonly snapshot: Uint8Array,
  ) {}

  static async load(): Promise<EspeakInstance> {
    const module = await init();
    const worker = new module.eSpeakNGWorker();
    // The first string argument makes the binding allocate its (then unused) string cache: done before
    // the snapshot, the allocation is part of every restored state.
    worker.set_voice(cString(module, 'en'));
    return new EspeakInstance(module, worker, module.HEAPU8.slice());
  }

  /** Writes a voice variant where eSpeak looks for variants (the file system lives outside the heap). */
  writeFile(path: string, text: string): void {
    this.module.FS.writeFile(path, text);
  }

  /**
   * Synthesizes `text` (SSML) from the snapshot's state. Throws for a voice eSpeak does not have.
   * `onChunk` receives each chunk of int16 samples with its events.
   */
  synthesize(
    settings: SynthesisSettings,
    text: string,
    onChunk: Parameters<ESpeakNGWorker['synthesize']>[1],
  ): number {
    this.restore();
    const status = this.worker.set_voice(cString(this.module, settings.voice));
    if (status !== 0) throw new Error(`eSpeak has no voice "${settings.voice}" (error ${status})`);
    this.worker.set_rate(settings.rateWpm);
    this.worker.set_pitch(settings.pitch);
    this.worker.set_range(settings.range);
    this.worker.synthesize(cString(this.module, text), onChunk);
    return this.worker.get_samplerate();
  }

  private restore(): void {
    const heap = this.module.HEAPU8;
    heap.set(this.snapshot);
    // Memory grown since the snapshot is beyond the restored allocator's end: clear it as fresh memory is.
    if (heap.length > this.snapshot.length) heap.fill(0, this.snapshot.length);
  }
}

/** A NUL-terminated UTF-8 copy of `text` in the module's heap, as the binding's `{ ptr }` argument. */
function cString(module: ESpeakNGModule, text: string): { ptr: number } {
  const bytes = Buffer.from(`${text}\0`, 'utf8');
  const ptr = module._malloc(bytes.length);
  if (ptr === 0) throw new Error('eSpeak ran out of memory for its input');
  module.HEAPU8.set(bytes, ptr);
  return { ptr };
}
