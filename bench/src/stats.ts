/** Summary statistics for latencies and repeated runs. */
export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};

export const median = (values: number[]) => percentile(values, 50);

/** A figure measured over several runs: its median and its spread (min–max). */
export interface Measured {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export const measured = (runs: number[]): Measured => ({
  median: median(runs),
  min: Math.min(...runs),
  max: Math.max(...runs),
  runs,
});

export const fmt = (m: Measured, digits = 1, unit = '') =>
  `${m.median.toFixed(digits)}${unit} (spread ${m.min.toFixed(digits)}–${m.max.toFixed(digits)}, n=${m.runs.length})`;

/** "node gateway 3.21, node contractors 2.10, …": figures per process, largest first, leaving out those under `min`. */
export const largestFirst = (figures: Record<string, number>, digits: number, min = 0.005) =>
  Object.entries(figures)
    .sort(([, a], [, b]) => b - a)
    .filter(([, v]) => v >= min)
    .map(([k, v]) => `${k} ${v.toFixed(digits)}`)
    .join(', ');
