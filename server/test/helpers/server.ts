import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createContainer, type Container } from '../../src/container.js';
import type { ProcessRole } from '../../src/container-graph.js';
import type { Clock } from '../../src/lib/clock.js';
import type { TranslationEngine } from '../../src/media/translate/index.js';
import { testDatabaseEnv } from './database.js';

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  container: Container;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A test clock that starts at real time and can be moved forward. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/**
 * Starts the real service (container + HTTP) on a random port with a fresh data dir. Fetches from
 * 127.0.0.1 are allowed so tests can serve fixtures locally. The database is the data dir's SQLite
 * file, or its own PostgreSQL schema when the tests run on PostgreSQL (helpers/database.ts); a
 * restart with the same data dir finds the same database. It translates nothing unless given
 * translation engines (`translationEngines`; helpers/translation.ts), whatever this machine has.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: {
    clock?: Clock;
    dataDir?: string;
    port?: number;
    translationEngines?: readonly TranslationEngine[];
    /** 'api': the HTTP APIs only; submitted tasks stay queued (no job runs). Default 'all'. */
    role?: ProcessRole;
    /** Serve the catalogue shipped in this folder (`<key>` under it), as a build's dist/catalogue. */
    catalogueShippedDir?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'likeness-test-')));
  // A restart test reuses the port, so that signed URLs issued before the restart still point here.
  const port = opts.port ?? (await freePort());
  const database = await testDatabaseEnv(dataDir);
  const loaded = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    LIKENESS_DATA_DIR: dataDir,
    LIKENESS_DEMO_ACCOUNT: 'off',
    LIKENESS_FETCH_ALLOW: '127.0.0.1',
    LIKENESS_ENCODER_PRESET: 'ultrafast',
    // A test renders the catalogue assets it asks for, not all of them behind its own jobs, and
    // whether or not a build shipped the catalogue (decision S18).
    LIKENESS_CATALOGUE_PRERENDER: 'off',
    LIKENESS_CATALOGUE_SHIPPED: 'off',
    // Each test server would load the speech and face engines it mostly never uses.
    LIKENESS_WARM_ENGINES: 'off',
    LIKENESS_LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...database.env,
    ...env,
  });
  const config = opts.catalogueShippedDir
    ? { ...loaded, catalogue: { ...loaded.catalogue, shippedDir: opts.catalogueShippedDir } }
    : loaded;
  const container = await createContainer(config, {
    clock: opts.clock,
    log: pino({ level: config.server.logLevel }),
    translationEngines: opts.translationEngines ?? [],
    role: opts.role,
  });
  const app = await buildApp(container);
  const close = async () => {
    await app.close();
    await container.close();
    if (!opts.dataDir) {
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  };
  try {
    await container.start();
    await app.listen({ host: '127.0.0.1', port });
  } catch (err) {
    // A test of the start-up checks expects this; it must not leave the database or the dir behind.
    await close();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, port, dataDir, container, app, close };
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies are asserted field by field in tests
  body: any;
}

/** Calls the service over HTTP. GET/DELETE parameters go in the query string, POST bodies as JSON. */
export async function api(
  server: { url: string },
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  opts: {
    token?: string | null;
    body?: unknown;
    query?: Record<string, string | number>;
    auth?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse> {
  const qs = opts.query
    ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))}`
    : '';
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.auth !== undefined) headers.authorization = opts.auth;
  else if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${path}${qs}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // non-JSON answer: keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

/**
 * The URL with its signature changed for certain: the first character of `sig` is replaced by a
 * different one (replacing it with a fixed letter would change nothing when it already is that one).
 */
export function tamperSignature(url: string): string {
  return url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
}

export async function createAccount(
  server: TestServer,
  opts: { credits?: number; plan?: 'free' | 'basic' | 'pro' | 'enterprise'; agentPlatform?: boolean } = {},
): Promise<{ account_id: string; token: string }> {
  return server.container.services.accounts.create({
    credits: opts.credits ?? 1000,
    plan: opts.plan ?? 'pro',
    agentPlatform: opts.agentPlatform,
  });
}

/** Uploads bytes through the public grant + signed PUT flow; returns the file_id. */
export async function upload(server: TestServer, token: string, ext: string, data: Buffer): Promise<string> {
  const grant = await api(server, 'POST', '/api/v2/svc/tool/create_upload_url', {
    token,
    body: { file_extension: ext },
  });
  if (grant.body.code !== 0) throw new Error(`grant failed: ${JSON.stringify(grant.body)}`);
  const put = await fetch(grant.body.upload_url, {
    method: 'PUT',
    headers: { 'content-type': grant.body.content_type },
    body: new Uint8Array(data),
  });
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  return grant.body.file_id as string;
}

/** Polls a task query until status 3 or 4. */
export async function waitTask(
  server: TestServer,
  token: string,
  path: '/api/v2/svc/video/task' | '/api/v2/svc/avatar/task' | '/api/v2/svc/voice/task',
  taskId: string,
  timeoutMs = 120_000,
): Promise<ApiResponse['body']> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await api(server, 'GET', path, { token, query: { task_id: taskId } });
    if (r.body.code !== 0) throw new Error(`task query failed: ${JSON.stringify(r.body)}`);
    if (r.body.status === 3 || r.body.status === 4) return r.body;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still at status ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 150));
  }
}
