// A node:test reporter that prints, at the end of a run, the test files that took longest (the time
// from a file's first test starting to its last ending, as the runner ran them side by side), so a
// slow run says where its minutes went. run-tests.mjs adds it beside the spec reporter.
// LIKENESS_TEST_TIMES=<file> also writes every file's time there as JSON (file → seconds).
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const SHOWN = 12;

export default async function* suiteTimes(source) {
  /** file → [first start, last end] in ms since the run began. */
  const spans = new Map();
  const began = Date.now();
  for await (const event of source) {
    const file = event.data?.file;
    if (!file || event.data.nesting !== 0) continue;
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const end = Date.now() - began;
    const start = end - (event.data.details?.duration_ms ?? 0);
    const span = spans.get(file);
    if (span) spans.set(file, [Math.min(span[0], start), Math.max(span[1], end)]);
    else spans.set(file, [start, end]);
  }
  const times = [...spans]
    .map(([file, [start, end]]) => [relative(process.cwd(), file), (end - start) / 1000])
    .sort((a, b) => b[1] - a[1]);
  if (process.env.LIKENESS_TEST_TIMES) {
    writeFileSync(process.env.LIKENESS_TEST_TIMES, JSON.stringify(Object.fromEntries(times), null, 1));
  }
  if (times.length === 0) return;
  yield `\n# slowest test files (of ${times.length}, run ${Math.round((Date.now() - began) / 1000)} s):\n`;
  for (const [file, seconds] of times.slice(0, SHOWN)) {
    yield `#   ${seconds.toFixed(1).padStart(6)} s  ${file}\n`;
  }
}
