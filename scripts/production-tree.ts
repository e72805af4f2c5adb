import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run production-tree [-- <folder>]`: the tree the image runs, built exactly as the Dockerfile
 * builds it. TypeScript compiled to JavaScript (tsconfig.build.json), each runtime package's
 * package.json pointed at the compiled files, the built SPA, then `npm ci --omit=dev` for the
 * runtime workspaces only: no tsx, no test or build tools, nothing a service does not import.
 * Every process then starts with plain `node --import @leadmarket/platform/register <entry>.js`.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

/** The workspaces a running service needs; the others ship only their package.json (the lock names them). */
export const RUNTIME_WORKSPACES = [
  'contracts',
  'platform',
  'gateway',
  ...readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `services/${entry.name}`),
];
const BUILD_ONLY_WORKSPACES = ['web', 'e2e', 'bench'] as const;

/** `./src/x.ts` → `./src/x.js` in a package's entry points and start script. */
function compiledManifest(manifest: Record<string, unknown>): Record<string, unknown> {
  const toJs = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.replace(/\.ts\b/g, '.js').replace('--import tsx ', '')
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJs(v)]))
        : value;
  const { types: _types, devDependencies: _dev, ...rest } = manifest;
  return { ...rest, main: toJs(rest.main), exports: toJs(rest.exports), scripts: toJs(rest.scripts) };
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const writeJson = (path: string, value: unknown) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
};

export function buildProductionTree(out: string, log: (line: string) => void = console.log): void {
  if (!existsSync(join(root, 'web/dist/index.html')))
    throw new Error('web/dist is missing: run npm run build -w web first (the gateway serves it)');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  log(`compiling TypeScript into ${out}`);
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', out],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );

  cpSync(join(root, 'package-lock.json'), join(out, 'package-lock.json'));
  const { devDependencies: _rootDev, scripts: _rootScripts, ...rootManifest } = readJson(join(root, 'package.json'));
  writeJson(join(out, 'package.json'), rootManifest);
  for (const workspace of RUNTIME_WORKSPACES)
    writeJson(join(out, workspace, 'package.json'), compiledManifest(readJson(join(root, workspace, 'package.json'))));
  for (const workspace of BUILD_ONLY_WORKSPACES)
    writeJson(join(out, workspace, 'package.json'), readJson(join(root, workspace, 'package.json')));
  cpSync(join(root, 'web/dist'), join(out, 'web/dist'), { recursive: true });

  log('installing production dependencies of the runtime workspaces (npm ci --omit=dev)');
  execFileSync(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--omit=optional',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      ...RUNTIME_WORKSPACES.flatMap((w) => ['--workspace', w]),
    ],
    { cwd: out, stdio: 'inherit' },
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? join(root, 'build/production'));
  buildProductionTree(out);
  console.log(`production tree ready in ${out}`);
}
