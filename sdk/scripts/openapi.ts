import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { createContainer } from '../../server/src/container.js';

/**
 * Generation of the SDK's types from the server's OpenAPI document. The server is the source of truth:
 * its route schemas feed @fastify/swagger; this module reads the document the running service would
 * serve at GET /docs/json and turns it into `openapi/openapi.json` (sorted keys) and
 * `src/generated/openapi.ts` (openapi-typescript). `npm run gen --workspace sdk` writes both; a test
 * regenerates them and fails on any difference, so the client's types cannot drift from the server.
 */

const sdkRoot = fileURLToPath(new URL('..', import.meta.url));

export const GENERATED_FILES = {
  document: join(sdkRoot, 'openapi', 'openapi.json'),
  types: join(sdkRoot, 'src', 'generated', 'openapi.ts'),
};

const HEADER = `/**
 * GENERATED from the server's OpenAPI document by \`npm run gen --workspace sdk\` (sdk/scripts/openapi.ts).
 * Do not edit: change the server's route schemas and regenerate. A test fails when this file is stale.
 */

`;

/** Object keys sorted at every level (arrays keep their order), so the document diffs cleanly. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * The server's OpenAPI document, as GET /docs/json serves it. The app is built in-process on a
 * throw-away data directory (no port, no workers), so generation needs nothing running.
 */
export async function serverOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-openapi-'));
  const config = loadConfig({
    LIKENESS_DATA_DIR: dataDir,
    LIKENESS_DEMO_ACCOUNT: 'off',
    LIKENESS_LOG_LEVEL: 'silent',
  });
  const container = await createContainer(config);
  try {
    const app = await buildApp(container, { logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/docs/json' });
      if (res.statusCode !== 200) throw new Error(`GET /docs/json answered HTTP ${res.statusCode}`);
      return res.json<Record<string, unknown>>();
    } finally {
      await app.close();
    }
  } finally {
    await container.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function format(text: string, filepath: string): Promise<string> {
  const options = await prettier.resolveConfig(filepath);
  return prettier.format(text, { ...options, filepath });
}

/** The content of both generated files, formatted as the repository's prettier config wants them. */
export async function renderGenerated(): Promise<{ document: string; types: string }> {
  const doc = sortKeys(await serverOpenApiDocument()) as Record<string, unknown>;
  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]);
  return {
    document: await format(JSON.stringify(doc), GENERATED_FILES.document),
    types: await format(HEADER + astToString(ast), GENERATED_FILES.types),
  };
}
