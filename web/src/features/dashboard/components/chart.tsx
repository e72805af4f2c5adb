import { useEffect, useRef, useState } from 'react';

/** One plotted series: its label, colour and values (one per x label). */
export interface Series {
  label: string;
  color: string;
  values: number[];
}

/**
 * A small uPlot chart (bars or lines over labelled x positions). uPlot is imported on first render,
 * so it only ever loads with the dashboard route. The data also sits in a visually hidden table for
 * screen readers, since a canvas says nothing.
 */
export function Chart({
  title,
  kind,
  labels,
  series,
}: {
  title: string;
  kind: 'bars' | 'line';
  labels: string[];
  series: Series[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const host = box.current;
    if (!host || labels.length === 0) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    let observer: ResizeObserver | undefined;
    (async () => {
      try {
        const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
        if (cancelled) return;
        const width = Math.max(240, host.clientWidth || 320);
        const xs = labels.map((_, i) => i);
        plot = new UPlot(
          {
            width,
            height: 220,
            scales: { x: { time: false, range: [-0.6, labels.length - 0.4] } },
            // Static legend: series names only; the numbers are in the table below for every reader.
            legend: { live: false },
            axes: [
              {
                values: (_u: unknown, splits: number[]) =>
                  splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
                splits: () => xs,
              },
              {},
            ],
            series: [
              { label: 'Period' },
              ...series.map((s, index) => ({
                label: s.label,
                stroke: s.color,
                fill: kind === 'bars' ? s.color : undefined,
                width: kind === 'line' ? 2 : 1,
                // Two bar series sit side by side: the first left of its x, the second right of it.
                paths:
                  kind === 'bars'
                    ? UPlot.paths.bars!({
                        size: [series.length > 1 ? 0.35 : 0.6, 40],
                        align: series.length > 1 ? (index === 0 ? -1 : 1) : 0,
                      })
                    : undefined,
                points: { show: kind === 'line' },
              })),
            ],
          },
          [xs, ...series.map((s) => s.values)],
          host,
        );
        observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(240, host.clientWidth), height: 220 }));
        observer.observe(host);
      } catch {
        setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [kind, labels, series]);

  return (
    <figure className="dash-chart">
      <figcaption>{title}</figcaption>
      <div ref={box} className="dash-chart__canvas" aria-hidden="true" />
      {failed && <p className="dash-hint">The chart could not be drawn; the numbers are below.</p>}
      {/* Tables ignore a 1px box, so the hidden copy is clipped by a wrapper instead. */}
      <div className={failed ? 'dash-table-wrap' : 'visually-hidden'}>
        <table className="dash-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label + i}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
