// The browser tests drive Debian's Chromium (/usr/bin/chromium) through playwright-core; no browser
// is ever downloaded. When it is missing and this process may install system packages (root with
// apt-get, as on CI and fresh development machines), it installs the `chromium` package; otherwise
// it says how, and the browser suites skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.LIKENESS_CHROMIUM ?? '/usr/bin/chromium';

/** Returns null when Chromium is there (or was installed), else why the browser tests cannot run. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return null;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!root || !apt) {
    return `${CHROMIUM} is missing; install Debian's chromium package (sudo apt-get install chromium)`;
  }
  console.log(`# ${CHROMIUM} is missing: installing Debian's chromium package for the browser tests`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    }).status;
  // Package lists may be missing or stale on a fresh machine: refresh them once if the first try fails.
  if (install() !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    install();
  }
  return existsSync(CHROMIUM) ? null : `installing chromium failed; ${CHROMIUM} is still missing`;
}
