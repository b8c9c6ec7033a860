// Builds the three workspaces (server, SDK, console). With --if-changed, a workspace whose inputs
// hash to what its last build recorded (dist/.inputs-sha256) is skipped, so `npm start` on a built
// tree starts the server in about a second instead of spending ten or more on compilers (a 2-core
// machine: most of a minute). Inputs are hashed by content, not mtime: a checkout that rewrites
// files without changing them costs nothing, and one that changes them is always rebuilt.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

function build(onlyIfChanged) {
  for (const workspace of WORKSPACES) {
    const stamp = join(repoRoot, workspace.name, 'dist', '.inputs-sha256');
    const hash = inputsHash(workspace);
    if (onlyIfChanged && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) continue;
    const built = spawnSync('npm', ['run', 'build', '--silent', '--workspace', workspace.name], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
    writeFileSync(stamp, hash);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  build(process.argv.includes('--if-changed'));
}
