/** Raised when ffmpeg/ffprobe exits non-zero; carries the tail of stderr for the log. */
export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/** Raised when a run outlives its `timeoutMs`; names the binary by its file name only, never its path. */
export class MediaTimeoutError extends Error {
  constructor(
    readonly binary: string,
    readonly timeoutMs: number,
  ) {
    super(`${binary} did not finish within ${timeoutMs} ms`);
    this.name = 'MediaTimeoutError';
  }
}

/** A binary by its file name only: messages and logs never show where it is installed. */
export const binaryName = (bin: string) => bin.split('/').pop() ?? bin;
