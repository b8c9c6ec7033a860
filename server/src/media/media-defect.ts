/**
 * What is wrong with an input file, as the media engine found it. The message never carries a path
 * or a tool's output (it may reach a client through the services); `detail` keeps those for the log.
 */
export type MediaDefect =
  /** Not readable as media at all: no known container, or a header that cannot be parsed. */
  | 'unreadable'
  /** The header promises more than the file holds (cut off by a download, copy or upload). */
  | 'truncated'
  /** Readable header, but the stream's data does not decode. */
  | 'undecodable'
  /** Reading the file did not finish within its time limit. */
  | 'timeout';

export class MediaDefectError extends Error {
  constructor(
    readonly defect: MediaDefect,
    message: string,
    /** Declared and present length in seconds, when the defect is about length. */
    readonly facts: { declaredSec?: number; presentSec?: number } = {},
    /** For the log only: the tool's stderr tail or the underlying error's message. */
    readonly detail = '',
  ) {
    super(message);
    this.name = 'MediaDefectError';
  }
}

export const isMediaDefect = (e: unknown): e is MediaDefectError => e instanceof MediaDefectError;
