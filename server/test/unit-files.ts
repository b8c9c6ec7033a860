import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverRoot, testFiles } from '../scripts/test-files.mjs';

/**
 * Every unit test under src/ in one process. They test pure code and share no state, and a process
 * of its own for each file cost about a minute of a 2-core machine's run in start-ups
 * (node and tsx loading), against 9 s of tests. `node scripts/run-tests.mjs` runs this file when it
 * runs everything; given a filter, it runs the matching unit files one by one as before.
 */
for (const file of testFiles('src')) await import(pathToFileURL(join(serverRoot, file)).href);
