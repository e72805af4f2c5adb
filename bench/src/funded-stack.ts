import { total } from './figures/pipeline.js';
import { adminToken, fund, signupContractors, type BenchContractor } from './client.js';
import { servicePoolSize } from './connections.js';
import { startBenchStack, type BenchStack } from './stack.js';
import { largestFirst } from './stats.js';

/**
 * What the one-figure purchase scripts (bench:purchases, bench:contention) share: the stack with
 * `count` signed-up contractors funded with $1,000 each, and their CPU report per unit of work.
 */
export async function startFundedStack(count: number): Promise<{
  stack: BenchStack;
  poolSize: number;
  contractors: BenchContractor[];
}> {
  const poolSize = Number(process.env.BENCH_POOL_SIZE ?? 0) || (await servicePoolSize());
  const stack = await startBenchStack({ poolSize });
  try {
    const contractors = await signupContractors(stack.url, count, Date.now().toString(36));
    await fund(stack.url, await adminToken(stack.url), contractors, 1000);
    return { stack, poolSize, contractors };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

type CpuReading = Awaited<ReturnType<Awaited<ReturnType<BenchStack['cpuMeter']>>['stop']>>;

/** Two lines: CPU ms per `unit` (node's share, then by process) and write system calls per `unit`. */
export function cpuPerUnit(
  cpu: CpuReading,
  n: number,
  {
    unit,
    label = '',
    digits = 2,
    writeDigits = 1,
  }: { unit: string; label?: string; digits?: number; writeDigits?: number },
): string[] {
  const per = (byKind: Record<string, number>) =>
    Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, v / n]));
  const cpuPer = per(cpu.byKind);
  const node = total(Object.fromEntries(Object.entries(cpuPer).filter(([k]) => k.startsWith('node'))));
  return [
    `CPU per ${unit}${label}: ${(cpu.totalMs / n).toFixed(digits)} ms (node ${node.toFixed(digits)}): ${largestFirst(cpuPer, digits)}`,
    `  write system calls per ${unit}: ${largestFirst(per(cpu.writesByKind), writeDigits, 0.05)}`,
  ];
}

/**
 * A measured window on the clock of `node --cpu-prof`'s timestamps (µs, monotonic): call at its start,
 * and the returned function at its end prints it when the stack runs under the profiler
 * (STACK_NODE_ARGS="--cpu-prof --cpu-prof-dir=…"), so a profile can be cut to the window.
 */
export function profileWindow(): () => void {
  const start = process.hrtime.bigint() / 1000n;
  return () => {
    if (process.env.STACK_NODE_ARGS?.includes('--cpu-prof'))
      console.log(`profile window (µs, monotonic): ${start} ${process.hrtime.bigint() / 1000n}`);
  };
}
