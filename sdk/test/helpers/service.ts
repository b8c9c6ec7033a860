/**
 * The real likeness service for the SDK's tests: the server's own test helper starts it (container +
 * HTTP) on a random port with a fresh data directory. The SDK under test talks to it over HTTP only;
 * the container is used just to set up accounts, as an operator would with the admin CLI.
 */
import { startServer, createAccount, type TestServer } from '../../../server/test/helpers/server.js';
import { bins, facePhoto, makeFaceVideo, makeTone } from '../../../server/test/helpers/media-fixtures.js';
import { probeMedia, type MediaInfo } from '../../../server/src/media/probe.js';
import { LikenessClient, type ClientOptions } from '../../src/node.js';

export { createAccount, facePhoto, makeFaceVideo, makeTone, startServer, type TestServer };

/** Probes a media file with the ffprobe the service ships with. */
export function probe(path: string): Promise<MediaInfo> {
  return probeMedia(bins.ffprobe, path);
}

/** A client of the test service; quick polling and retries so tests stay fast. */
export function clientFor(
  server: TestServer,
  token: string,
  opts: Partial<ClientOptions> = {},
): LikenessClient {
  return new LikenessClient({
    baseUrl: server.url,
    token,
    retry: { retries: 3, minDelayMs: 50, maxDelayMs: 500 },
    ...opts,
  });
}

/** Options for waitForTask in tests. */
export const QUICK = { intervalMs: 150, timeoutMs: 120_000 } as const;
