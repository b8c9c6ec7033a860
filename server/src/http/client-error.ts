import { SvcCode } from '../errors/codes.js';
import { envelope } from './app-v1-clone/envelope.js';
import { CLONE_HTTP_STATUS } from './app-v1-clone/errors.js';

/** What Node's HTTP parser hands to a `clientError` listener. */
export interface ClientError {
  code?: string;
  message: string;
  /** The bytes the parser had read when it gave up (the request line, at least its start). */
  rawPacket?: Buffer;
}

const CLONE_PREFIX = '/api/app/v1/clone';

/** Why the request could not be read, in words that say what to change. */
function reason(err: ClientError): string {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return 'the request line and headers are larger than the 16 KB the server reads: send long values in a JSON body, not in the query string or a header';
  }
  return `the request could not be read as HTTP (${err.code ?? err.message}): check the request line and headers`;
}

/**
 * The raw HTTP response for a request Node's parser refused before any route saw it (a query
 * string with thousands of parameters, a header over 16 KB, a malformed request line), in the
 * envelope of the API family its path names, so a client reads the same kind of answer as for any
 * other bad request: the generation API's code 11 on HTTP 200, the clone API's code 12 on HTTP
 * 400. The connection is closed after it: the rest of what was sent cannot be parsed. Null when
 * nothing can be answered (the peer reset the connection). Pure.
 */
export function clientErrorResponse(err: ClientError, requestId: string): string | null {
  if (err.code === 'ECONNRESET') return null;
  const firstLine = (err.rawPacket?.toString('latin1') ?? '').split('\r\n', 1)[0] ?? '';
  const path = firstLine.split(' ')[1] ?? '';
  const clone = path.startsWith(CLONE_PREFIX);
  const status = clone ? CLONE_HTTP_STATUS[12] : 200;
  const body = JSON.stringify(
    clone
      ? envelope(12, {}, reason(err))
      : { code: SvcCode.InvalidParameter, message: reason(err), request_id: requestId },
  );
  const statusText = status === 200 ? 'OK' : 'Bad Request';
  return [
    `HTTP/1.1 ${status} ${statusText}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `x-request-id: ${requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
