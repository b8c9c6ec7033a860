// The browser tests drive Debian's Chromium (/usr/bin/chromium) through playwright-core; no browser
// is ever downloaded. When it is missing and this process may install system packages (root with
// apt-get, as on CI and fresh development machines), it runs the README's own install line for it
// (`chromium`); otherwise it says how, and the browser suites skip.
import { ensureByInstallLine, missingFiles } from './debian-packages.mjs';
import { readmeInstallLine } from './system-packages.mjs';

export const CHROMIUM = process.env.LIKENESS_CHROMIUM ?? '/usr/bin/chromium';

/** Returns null when Chromium is there (or was installed), else why the browser tests cannot run. */
export function ensureChromium() {
  const purpose = `the browser tests (${CHROMIUM})`;
  const line = readmeInstallLine('Run it');
  if (typeof line === 'string') return `${purpose}: ${line}`;
  return ensureByInstallLine(line, () => missingFiles([CHROMIUM]), purpose);
}
