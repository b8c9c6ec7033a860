// Debian packages the tests need (Chromium for the browser tests, the translation engines): when one
// is missing and this process may install system packages (root with apt-get, as on CI and fresh
// development machines), it is installed; otherwise the caller is told how, and its suites skip.
import { spawnSync } from 'node:child_process';

/**
 * Installs `packages` unless `present()` already holds. Returns null when they are there (or were
 * installed), else why not, with the command that would install them.
 */
export function ensureDebianPackages(packages, present, purpose) {
  if (present()) return null;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  const how = `sudo apt-get install ${packages.join(' ')}`;
  if (!root || !apt) return `${purpose}: Debian's packages are missing (${how})`;
  console.log(`# installing Debian's ${packages.join(', ')} for ${purpose}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
      stdio: 'inherit',
      env,
    }).status;
  // Package lists may be missing or stale on a fresh machine: refresh them once if the first try fails.
  if (install() !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    install();
  }
  return present() ? null : `${purpose}: installing ${packages.join(' ')} failed (${how})`;
}
