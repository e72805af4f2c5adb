import { LANDING_STATS, STATS_ANIMATION_INTERVAL_MS, STATS_ANIMATION_STEPS } from '@leadmarket/contracts/constants';
import { useEffect, useRef, useState } from 'react';

const STATS = [
  {
    target: LANDING_STATS.leadsDelivered,
    format: (n: number) => `${n.toLocaleString('en-US')}+`,
    label: 'Leads Delivered',
  },
  { target: LANDING_STATS.avgResponseMinutes, format: (n: number) => `${n} min`, label: 'Average Response Time' },
  { target: LANDING_STATS.satisfactionPercent, format: (n: number) => `${n}%`, label: 'Customer Satisfaction' },
] as const;

/** The value shown at a step of the count-up: a linear climb that lands exactly on the target. */
export function countUpValue(target: number, step: number, steps = STATS_ANIMATION_STEPS): number {
  if (step >= steps) return target;
  return Math.floor((target * step) / steps);
}

/**
 * The stats band: the numbers count up once (about 125 steps at 16 ms) when the band is first
 * scrolled into view. Users who ask for reduced motion see the final numbers at once.
 */
export function StatsBand() {
  const ref = useRef<HTMLElement>(null);
  const [step, setStep] = useState(0);

  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced || typeof IntersectionObserver === 'undefined') {
      setStep(STATS_ANIMATION_STEPS);
      return;
    }
    let timer: ReturnType<typeof setInterval> | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect(); // counts up once only
      timer = setInterval(() => {
        setStep((s) => {
          if (s + 1 >= STATS_ANIMATION_STEPS && timer) clearInterval(timer);
          return Math.min(s + 1, STATS_ANIMATION_STEPS);
        });
      }, STATS_ANIMATION_INTERVAL_MS);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      if (timer) clearInterval(timer);
    };
  }, []);

  return (
    <section ref={ref} className="stats-band" aria-label="Our results">
      <ul>
        {STATS.map((s) => (
          <li key={s.label}>
            {/* Screen readers get the final figure, not every intermediate step. */}
            <span className="stat-value" aria-hidden="true">
              {s.format(countUpValue(s.target, step))}
            </span>
            <span className="visually-hidden">{s.format(s.target)}</span>
            <span className="stat-label">{s.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
