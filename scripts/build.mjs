// Builds the three workspaces (server, SDK, console). With --if-changed, a workspace whose inputs
// hash to what its last build recorded (dist/.inputs-sha256) is skipped, so `npm start` on a built
// tree starts the server in about a second instead of spending ten or more on compilers (a 2-core
// machine: most of a minute). Inputs are hashed by content, not mtime: a checkout that rewrites
// files without changing them costs nothing, and one that changes them is always rebuilt.
// Then the catalogue's previews and demos are rendered into server/dist/catalogue (decision S18), so
// a fresh install renders none at start; it has its own stamp (server/dist/catalogue/.inputs-sha256)
// and is rendered again only when what it is made of changed. LIKENESS_CATALOGUE_SHIP=off skips it
// (the build's own tests); the server then renders each asset when first asked for.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What each workspace's build reads; tests are not built. */
export const WORKSPACES = [
  {
    name: 'server',
    inputs: ['server/src', 'server/tsconfig.build.json', 'server/package.json', 'tsconfig.base.json'],
  },
  {
    name: 'sdk',
    inputs: ['sdk/src', 'sdk/tsconfig.json', 'sdk/tsconfig.build.json', 'sdk/package.json'],
  },
  {
    name: 'console',
    // The console imports the request schemas of the server's console routes.
    inputs: ['console/src', 'console/scripts', 'console/package.json', 'server/src/http/console'],
  },
];

/**
 * What the shipped catalogue is rendered from: the engine, the job handlers that draw it, the list of
 * its items and their keys, the entry that renders it, and the locked packages (ffmpeg, eSpeak-NG).
 * A pseudo-workspace for `inputsHash`: `npm run build` has no such workspace.
 */
export const CATALOGUE = {
  name: 'catalogue',
  inputs: [
    'server/src/media',
    'server/src/jobs/handlers',
    'server/src/services/catalogue-items.ts',
    'server/src/storage/blob-keys.ts',
    'server/src/cli/catalogue-ship.ts',
    'package-lock.json',
  ],
};

function files(root, path, out) {
  const full = join(root, path);
  if (!existsSync(full)) return out;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === 'node_modules' || name.endsWith('.test.ts')) continue;
      files(root, join(path, name), out);
    }
  } else out.push(path);
  return out;
}

/** A digest of the names and contents of every input file of `workspace` under `root`. */
export function inputsHash(workspace, root = repoRoot) {
  const hash = createHash('sha256');
  for (const path of workspace.inputs.flatMap((p) => files(root, p, []))) {
    hash.update(relative(root, join(root, path))).update('\0');
    hash.update(readFileSync(join(root, path))).update('\0');
  }
  return hash.digest('hex');
}

const stampOf = (name, root = repoRoot) => join(root, name, 'dist', '.inputs-sha256');
const stampMatches = (name, hash, root = repoRoot) =>
  existsSync(stampOf(name, root)) && readFileSync(stampOf(name, root), 'utf8') === hash;

/** Whether the workspace named `name` was last built from its inputs as they are now. */
export function builtFromCurrentInputs(name, root = repoRoot) {
  return stampMatches(
    name,
    inputsHash(
      WORKSPACES.find((w) => w.name === name),
      root,
    ),
    root,
  );
}

function build(onlyIfChanged) {
  for (const workspace of WORKSPACES) {
    const hash = inputsHash(workspace);
    if (onlyIfChanged && stampMatches(workspace.name, hash)) continue;
    const built = spawnSync('npm', ['run', 'build', '--silent', '--workspace', workspace.name], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
    writeFileSync(stampOf(workspace.name), hash);
  }
}

/**
 * Renders the catalogue into `root`'s server/dist/catalogue with the compiled entry (the server must
 * be built), unless `onlyIfChanged` and its stamp matches its inputs. A render that fails is a
 * warning, not a failed build: the server renders what was not shipped. Returns what it did.
 * @returns {'off' | 'unchanged' | 'shipped' | 'failed'}
 */
export function shipCatalogue(onlyIfChanged, root = repoRoot, env = process.env) {
  if (env.LIKENESS_CATALOGUE_SHIP === 'off') return 'off';
  const dir = join(root, 'server', 'dist', 'catalogue');
  const stamp = join(dir, '.inputs-sha256');
  const hash = inputsHash(CATALOGUE, root);
  if (onlyIfChanged && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return 'unchanged';
  // An interrupted render must not leave a stamp that a later build would trust.
  rmSync(stamp, { force: true });
  const shipped = spawnSync(
    process.execPath,
    [join(root, 'server', 'dist', 'cli', 'catalogue-ship.js'), relative(root, dir)],
    { cwd: root, stdio: 'inherit', env },
  );
  if (shipped.status !== 0) {
    console.warn('catalogue: not shipped with this build; the server renders it when first asked for');
    return 'failed';
  }
  writeFileSync(stamp, hash);
  return 'shipped';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const onlyIfChanged = process.argv.includes('--if-changed');
  build(onlyIfChanged);
  // Always by its stamp: the benches build before they run, and 16 s of renders each time is waste.
  // Removing server/dist/catalogue (or its stamp) renders it again.
  shipCatalogue(true);
}
