// Writes sdk/openapi/openapi.json and sdk/src/generated/openapi.ts from the server's route schemas.
// Run after changing a route schema: npm run gen --workspace sdk
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { GENERATED_FILES, renderGenerated } from './openapi.js';

const out = await renderGenerated();
for (const key of ['document', 'types'] as const) {
  await mkdir(dirname(GENERATED_FILES[key]), { recursive: true });
  await writeFile(GENERATED_FILES[key], out[key]);
  console.log(`wrote ${relative(process.cwd(), GENERATED_FILES[key])}`);
}
