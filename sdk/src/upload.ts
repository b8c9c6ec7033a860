/**
 * The upload helper: a grant from POST /tool/create_upload_url, then the bytes PUT to the signed
 * upload_url with the granted Content-Type. Sources: bytes (Uint8Array, Buffer, ArrayBuffer), a Blob or
 * File, a web ReadableStream, any async iterable of bytes (a Node Readable is one), or, in Node, a path.
 */
import { ClientCode, LikenessError, NetworkError } from './errors.js';
import { parseReply, type Transport } from './transport.js';
import type { UploadGrant } from './types.js';

export type UploadSource =
  string | Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface UploadOptions {
  /** File extension without the dot (mp4, mov, mp3, m4a, wav, jpg, png, webp, ...). Taken from a path, a File's name or a Blob's type when absent. */
  extension?: string;
  /** Length in bytes of a stream source; sent as Content-Length so an oversized file is refused at once. */
  size?: number;
  signal?: AbortSignal;
}

export interface UploadResult {
  /** Pass this to other operations (file_id, video_file_id, image_file_id, ...). */
  file_id: string;
  /** Bytes stored. */
  size: number;
  content_type: string;
}

/** How the SDK opens a path. Node registers one (the package's "node" entry); browsers have none. */
export interface FileOpener {
  open(path: string): Promise<{ size: number; stream(): AsyncIterable<Uint8Array> }>;
}

let fileOpener: FileOpener | null = null;

/** Registers how paths are read (done by the Node entry point; tests may swap it). */
export function setFileOpener(opener: FileOpener | null): void {
  fileOpener = opener;
}

const EXTENSION_OF_TYPE: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/aac': 'aac',
  'audio/flac': 'flac',
  'audio/ogg': 'ogg',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export function extensionOf(name: string): string | undefined {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1]!.toLowerCase() : undefined;
}

/** A body that can be sent, and whether it can be sent again after a network failure. */
interface PreparedBody {
  make(): Promise<BodyInit>;
  size?: number;
  replayable: boolean;
  extension?: string;
}

function isAsyncIterable(v: unknown): v is AsyncIterable<Uint8Array> {
  return typeof v === 'object' && v !== null && Symbol.asyncIterator in v;
}

/** A web stream from an async iterable (browsers' fetch takes no iterables). */
function toWebStream(it: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = it[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(ctl) {
      const { value, done } = await iterator.next();
      if (done) ctl.close();
      else ctl.enqueue(value instanceof Uint8Array ? value : new Uint8Array(value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

async function prepare(source: UploadSource, opts: UploadOptions): Promise<PreparedBody> {
  if (typeof source === 'string') {
    if (!fileOpener) {
      throw new TypeError(
        'uploading from a path needs Node (import "@likeness/sdk" in Node); pass a Blob, bytes or a stream instead',
      );
    }
    const file = await fileOpener.open(source);
    return {
      make: async () => toWebStream(file.stream()),
      size: file.size,
      replayable: true,
      extension: extensionOf(source),
    };
  }
  if (typeof Blob !== 'undefined' && source instanceof Blob) {
    const name = (source as Blob & { name?: string }).name;
    return {
      make: async () => source,
      size: source.size,
      replayable: true,
      extension: (name ? extensionOf(name) : undefined) ?? EXTENSION_OF_TYPE[source.type.split(';')[0]!],
    };
  }
  if (source instanceof ArrayBuffer) {
    return { make: async () => new Uint8Array(source), size: source.byteLength, replayable: true };
  }
  if (ArrayBuffer.isView(source)) {
    const view = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    // fetch takes views over a plain ArrayBuffer only; one over a SharedArrayBuffer is copied.
    const bytes = source.buffer instanceof ArrayBuffer ? (view as Uint8Array<ArrayBuffer>) : view.slice();
    return { make: async () => bytes, size: bytes.byteLength, replayable: true };
  }
  if (typeof ReadableStream !== 'undefined' && source instanceof ReadableStream) {
    return { make: async () => source, size: opts.size, replayable: false };
  }
  if (isAsyncIterable(source)) {
    const path = (source as { path?: unknown }).path; // a Node fs.ReadStream names its file
    return {
      make: async () => toWebStream(source),
      size: opts.size,
      replayable: false,
      extension: typeof path === 'string' ? extensionOf(path) : undefined,
    };
  }
  throw new TypeError('unsupported upload source: pass a path, bytes, a Blob, or a stream');
}

/** PUTs the bytes to a granted upload URL. Retries network failures when the source can be read again. */
export async function putToGrant(
  transport: Transport,
  grant: Pick<UploadGrant, 'upload_url' | 'content_type' | 'file_id'>,
  source: UploadSource,
  opts: UploadOptions = {},
): Promise<UploadResult> {
  const body = await prepare(source, opts);
  return sendPrepared(transport, grant, body, opts.signal);
}

async function sendPrepared(
  transport: Transport,
  grant: Pick<UploadGrant, 'upload_url' | 'content_type' | 'file_id'>,
  body: PreparedBody,
  signal: AbortSignal | undefined,
): Promise<UploadResult> {
  const once = async () => {
    const headers: Record<string, string> = { 'content-type': grant.content_type };
    if (body.size !== undefined) headers['content-length'] = String(body.size);
    const data = await body.make();
    const streamed = typeof ReadableStream !== 'undefined' && data instanceof ReadableStream;
    const res = await transport.fetch(
      grant.upload_url,
      // duplex is required by fetch for a streamed request body.
      { method: 'PUT', headers, body: data, signal, ...(streamed ? { duplex: 'half' as const } : {}) },
      'upload',
    );
    const r = await parseReply<{ file_id?: string; size?: number }>(res, 'upload');
    return {
      file_id: r.file_id ?? grant.file_id,
      size: r.size ?? body.size ?? 0,
      content_type: grant.content_type,
    };
  };
  if (!body.replayable) return once();
  return transport.withRetries(signal, once);
}

/** Grant + PUT. `createGrant` is the client's POST /tool/create_upload_url. */
export async function uploadSource(
  transport: Transport,
  createGrant: (extension: string) => Promise<UploadGrant>,
  source: UploadSource,
  opts: UploadOptions = {},
): Promise<UploadResult> {
  const body = await prepare(source, opts);
  const extension = (opts.extension ?? body.extension)?.replace(/^\./, '').toLowerCase();
  if (!extension) {
    throw new TypeError(
      'cannot tell the file type of this source: pass options.extension (e.g. "jpg", "mp4")',
    );
  }
  const grant = await createGrant(extension);
  try {
    return await sendPrepared(transport, grant, body, opts.signal);
  } catch (e) {
    if (e instanceof LikenessError && e.code === ClientCode.Network && !body.replayable) {
      throw new NetworkError({
        code: e.code,
        message: `${e.message}; a stream cannot be sent twice, so the upload was not retried`,
        api: 'upload',
        cause: e,
      });
    }
    throw e;
  }
}
