import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { backoffMs } from '@leadmarket/platform';

/** One process the supervisor keeps running. */
export interface ProcessSpec {
  label: string;
  /** A TypeScript entry point, relative to the repository root. */
  script: string;
  env: Record<string, string | undefined>;
}

export interface ProcessExit {
  label: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
  /** Asked for (kill() or stop()); any other exit is a crash. */
  expected: boolean;
}

interface Supervised {
  spec: ProcessSpec;
  child?: ChildProcess;
  startedAt: number;
  /** Crashes in a row without a healthy run between them (drives the back-off). */
  streak: number;
  expectExit: boolean;
  restartTimer?: NodeJS.Timeout;
}

export interface SupervisorOptions {
  /** The repository root (cwd of every process; where `tsx` resolves). */
  root: string;
  /** Extra Node flags for every process (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Where a process's stdout and stderr go. */
  stdio?: (label: string) => StdioOptions;
  log?: (message: string) => void;
  /** Told of every exit, before the restart is scheduled (chaos prints a crashed process's last lines). */
  onExit?: (exit: ProcessExit) => void;
  /** Restart back-off: base, doubled per crash in a row, capped. */
  restartBaseMs?: number;
  restartMaxMs?: number;
}

/**
 * Whether this runner is the compiled JavaScript of the production tree (scripts/production-tree.ts)
 * rather than the TypeScript sources: there, every process is plain Node on `.js` entry points.
 */
const COMPILED = import.meta.url.endsWith('.js');

/**
 * How every process of the stack starts (as `npm start` and the image do): TypeScript through tsx
 * (not in the compiled tree), then the tracing register module, before the entry point loads
 * anything it instruments.
 */
export const NODE_IMPORTS = [
  ...(COMPILED ? [] : ['--import', 'tsx']),
  '--import',
  '@leadmarket/platform/register',
] as const;

/** A source entry point (`services/x/src/main.ts`) as this runner starts it. */
export const entryPoint = (script: string) => (COMPILED ? script.replace(/\.ts$/, '.js') : script);

/** Loaded by every process the supervisor starts, so it ends when the supervisor does (exit-with-parent.ts). */
const EXIT_WITH_PARENT = new URL(entryPoint('./exit-with-parent.ts'), import.meta.url).href;

/** A run this long counts as healthy: the next crash restarts after the base delay again. */
const HEALTHY_RUN_MS = 30_000;

/**
 * Runs processes and restarts any that exits when it was not asked to, after a back-off that grows
 * with crashes in a row (so a process that cannot start does not spin) and resets after a healthy
 * run. Each process is Node itself with tsx as a loader (not the tsx CLI, which would put a second
 * process in between), so a signal reaches the service and its pid is the service's.
 */
export class Supervisor {
  private readonly processes = new Map<string, Supervised>();
  private stopping = false;
  readonly exits: ProcessExit[] = [];

  constructor(private readonly options: SupervisorOptions) {}

  start(spec: ProcessSpec): void {
    const p: Supervised = { spec, startedAt: 0, streak: 0, expectExit: false };
    this.processes.set(spec.label, p);
    this.spawn(p);
  }

  labels(): string[] {
    return [...this.processes.keys()];
  }

  /** The pid of the process while it runs (undefined between an exit and its restart). */
  pidOf(label: string): number | undefined {
    const child = this.processes.get(label)?.child;
    return child && child.exitCode === null && child.signalCode === null ? child.pid : undefined;
  }

  /** Restarts so far (of one process, or of all). */
  restarts(label?: string): number {
    return this.exits.filter((e) => !label || e.label === label).length;
  }

  /** Exits nobody asked for. */
  crashes(): ProcessExit[] {
    return this.exits.filter((e) => !e.expected);
  }

  /**
   * Send a signal to a process as a test of the stack (chaos): its exit is expected, and it is
   * restarted like a crashed one.
   */
  kill(label: string, signal: NodeJS.Signals = 'SIGKILL'): void {
    const p = this.processes.get(label);
    if (!p?.child || p.child.exitCode !== null || p.child.signalCode !== null) return;
    p.expectExit = true;
    p.child.kill(signal);
  }

  /** SIGTERM everything; SIGKILL what has not exited after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    this.stopping = true;
    const running = [...this.processes.values()].filter((p) => p.child && p.child.exitCode === null);
    for (const p of this.processes.values()) clearTimeout(p.restartTimer);
    for (const p of running) p.child!.kill('SIGTERM');
    await Promise.all(
      running.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child!.exitCode !== null || p.child!.signalCode !== null) return resolve();
            const timer = setTimeout(() => {
              this.options.log?.(`${p.spec.label} did not drain within ${graceMs} ms; killing it`);
              p.child!.kill('SIGKILL');
            }, graceMs);
            p.child!.once('exit', (code, signal) => {
              clearTimeout(timer);
              this.options.log?.(`${p.spec.label} stopped (${signal ?? `code ${code}`})`);
              resolve();
            });
          }),
      ),
    );
  }

  private spawn(p: Supervised): void {
    const { root, nodeArgs = [], stdio } = this.options;
    const child = spawn(
      process.execPath,
      [...nodeArgs, ...NODE_IMPORTS, '--import', EXIT_WITH_PARENT, entryPoint(p.spec.script)],
      {
        cwd: root,
        env: p.spec.env as NodeJS.ProcessEnv,
        stdio: stdio?.(p.spec.label) ?? ['ignore', 'inherit', 'inherit'],
      },
    );
    p.child = child;
    p.startedAt = Date.now();
    child.on('exit', (code, signal) => {
      if (this.stopping) return;
      const expected = p.expectExit;
      p.expectExit = false;
      const exit: ProcessExit = { label: p.spec.label, code, signal, at: Date.now(), expected };
      this.exits.push(exit);
      this.options.onExit?.(exit);
      p.streak = Date.now() - p.startedAt > HEALTHY_RUN_MS ? 1 : p.streak + 1;
      const { restartBaseMs = 500, restartMaxMs = 15_000 } = this.options;
      const delay = expected ? restartBaseMs : backoffMs(p.streak, restartBaseMs, restartMaxMs, { jitter: false });
      this.options.log?.(
        `${p.spec.label} exited (${signal ?? `code ${code}`})${expected ? ' as asked' : ''}; restarting in ${delay} ms`,
      );
      p.restartTimer = setTimeout(() => {
        if (!this.stopping) this.spawn(p);
      }, delay);
    });
  }
}

/**
 * Calls `onGone` once the process that started this one has ended: one killed outright (SIGKILL,
 * SIGHUP to npm) passes no signal on, and this process, handed to init, would run on unseen.
 */
export function watchParent(onGone: () => void, everyMs = 500): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, everyMs);
  timer.unref();
}
