#!/usr/bin/env node
// likeness-cli: the command line of the likeness SDK (compiled to dist/ by `npm run build`).
import { runCli } from '../dist/cli/main.js';

process.exitCode = await runCli(process.argv.slice(2));
