#!/usr/bin/env node
// The `likeness` command. The compiled build is made by `npm install` (postinstall) and `npm start`.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/index.js', import.meta.url);
if (!existsSync(entry)) {
  console.error(
    'likeness is not built yet: run `npm run build` in the repository root (npm install does it too).',
  );
  process.exit(1);
}
await import(entry.href);
