// Debian packages the tests need (Chromium for the browser tests, the translation engines): when one
// is missing and this process may install system packages (root with apt-get, as on CI and fresh
// development machines), it is installed by running the README's own install line; otherwise the
// caller is told how, and its suites skip.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstallCommand } from './system-packages.mjs';

/** The files of `files` that are not there. */
export const missingFiles = (files) => files.filter((f) => !existsSync(f));

/**
 * Runs an install line as written (`line.words`, e.g. the README's `sudo apt-get install …`)
 * unless `missing()` is already empty. `sudo` is left out (only root installs here), and `-y -qq
 * --no-install-recommends` added: they answer apt-get's question and leave recommended packages
 * out, so the line's own packages must bring everything. Returns null when nothing is missing
 * afterwards, else why, naming what is still missing and the line.
 */
export function ensureByInstallLine(line, missing, purpose) {
  if (missing().length === 0) return null;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!root || !apt) return `${purpose}: Debian's packages are missing (${line.text})`;
  const [command, ...args] = line.words[0] === 'sudo' ? line.words.slice(1) : line.words;
  console.log(`# running \`${line.text}\` for ${purpose}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync(command, [...args, '-y', '-qq', '--no-install-recommends'], { stdio: 'inherit', env }).status;
  // Package lists may be missing or stale on a fresh machine: refresh them once if the first try fails.
  if (install() !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    install();
  }
  const still = missing();
  return still.length === 0 ? null : `${purpose}: \`${line.text}\` left ${still.join(', ')} missing`;
}

/** Installs `packages` unless `missing()` is already empty (see ensureByInstallLine). */
export function ensureDebianPackages(packages, missing, purpose) {
  const text = aptInstallCommand(packages);
  return ensureByInstallLine({ text, words: text.split(' ') }, missing, purpose);
}
