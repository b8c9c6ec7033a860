// The package ships plain JavaScript without types; this covers the part likeness calls.
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakRawEvent {
    type: string;
    text_position: number;
    word_length: number;
    audio_position: number;
    id?: string | number;
  }
  export interface EspeakVoiceInfo {
    name: string;
    identifier: string;
    languages: { priority: number; name: string }[];
  }
  export interface ESpeakNGWorker {
    list_voices(): EspeakVoiceInfo[];
    /** 0 on success, an espeak_ERROR code otherwise. A `{ ptr }` is a C string already in the heap. */
    set_voice(id: string | { ptr: number }): number;
    set_rate(wpm: number): void;
    set_pitch(pitch: number): void;
    set_range(range: number): void;
    set_volume(volume: number): void;
    get_samplerate(): number;
    /** Calls back with int16 chunks and their events; returning true stops synthesis. */
    synthesize(
      text: string | { ptr: number },
      callback: (samples: Int16Array, events: EspeakRawEvent[]) => boolean,
    ): void;
  }
  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
    /** The module's linear memory (a new view after the memory grows). */
    HEAPU8: Uint8Array;
    _malloc(size: number): number;
    /** Emscripten's in-memory file system, where eSpeak reads its voices and dictionaries. */
    FS: {
      writeFile(path: string, data: string): void;
      readdir(path: string): string[];
    };
  }
  const init: () => Promise<ESpeakNGModule>;
  export default init;
}
