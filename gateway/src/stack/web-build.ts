import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the SPA is built from: a change in any of these makes web/dist out of date. */
const SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'contracts/src'];

const newestIn = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestIn(join(path, name))));
};

/** Why the built SPA (web/dist) cannot be served as it is, or undefined when it is up to date. */
export function webBuildOutdated(root: string): string | undefined {
  const index = join(root, 'web/dist/index.html');
  if (!existsSync(index)) return 'the web app is not built';
  const built = statSync(index).mtimeMs;
  const changed = SOURCES.find((source) => newestIn(join(root, source)) > built);
  return changed ? `${changed} changed after the last build` : undefined;
}

/**
 * `npm run build -w web`'s vite build, run as Node itself (no npm or shell in between, so stopping
 * the child stops the build); resolves when it ends, rejects when it fails.
 */
export function buildWeb(root: string): { child: ChildProcess; done: Promise<void> } {
  const vite = join(root, 'node_modules/.bin/vite');
  const child = spawn(process.execPath, [vite, 'build'], {
    cwd: join(root, 'web'),
    // Vite keeps a NODE_ENV it inherits, and the stack runs with NODE_ENV=development (the dev
    // outbox): that would bundle React's development build (about 60 KB more, slower). What the
    // app shows in development is decided by the server at run time, never by the bundle.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const done = new Promise<void>((resolve, reject) =>
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the web build ended with ${signal ?? `code ${code}`}`)),
    ),
  );
  return { child, done };
}
