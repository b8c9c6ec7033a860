// The browser tests drive Debian's Chromium (/usr/bin/chromium) through playwright-core; no browser
// is ever downloaded. When it is missing and this process may install system packages (root with
// apt-get, as on CI and fresh development machines), it installs the `chromium` package; otherwise
// it says how, and the browser suites skip.
import { existsSync } from 'node:fs';
import { ensureDebianPackages } from './debian-packages.mjs';

export const CHROMIUM = process.env.LIKENESS_CHROMIUM ?? '/usr/bin/chromium';

/** Returns null when Chromium is there (or was installed), else why the browser tests cannot run. */
export function ensureChromium() {
  return ensureDebianPackages(['chromium'], () => existsSync(CHROMIUM), `the browser tests (${CHROMIUM})`);
}
