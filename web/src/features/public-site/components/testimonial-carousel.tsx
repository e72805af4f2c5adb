import { TESTIMONIAL_ROTATION_MS } from '@leadmarket/contracts/constants';
import { useEffect, useState } from 'react';

/** A static testimonial (spec §3). */
export interface Testimonial {
  quote: string;
  author: string;
  title: string;
  initials: string;
}

/** The three testimonials of the landing page. */
export const TESTIMONIALS: Testimonial[] = [
  {
    quote: 'Every lead is mine alone. No more racing five other companies to the same homeowner.',
    author: 'Mike Rodriguez',
    title: 'Owner, Rodriguez HVAC',
    initials: 'MR',
  },
  {
    quote: 'The SMS alerts are instant. I call customers within minutes and close far more jobs.',
    author: 'Sarah Chen',
    title: 'Chen Plumbing & Drain',
    initials: 'SC',
  },
  {
    quote: 'No monthly fees and I only pay for the leads I want. It fits a small practice perfectly.',
    author: 'David Thompson',
    title: 'Attorney, Thompson Law',
    initials: 'DT',
  },
];

/**
 * Rotates every 5 s; a dot picks a testimonial (and restarts the timer). Rotation pauses while the
 * pointer or keyboard focus is inside, and a button stops it (moving content must be stoppable).
 */
export function TestimonialCarousel({ items = TESTIMONIALS }: { items?: Testimonial[] }) {
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const rotating = !stopped && !hovered;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), TESTIMONIAL_ROTATION_MS);
    return () => clearInterval(timer);
  }, [index, items.length, rotating]);
  const current = items[index]!;
  return (
    <section
      className="testimonials"
      aria-roledescription="carousel"
      aria-label="What contractors say"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <h2>What Contractors Say</h2>
      {/* Announced only when the visitor changes the slide, not on every automatic turn. */}
      <figure className="testimonial card" key={index} aria-live={rotating ? 'off' : 'polite'}>
        <blockquote>“{current.quote}”</blockquote>
        <figcaption>
          <span className="avatar" aria-hidden="true">
            {current.initials}
          </span>
          <span>
            <strong>{current.author}</strong>
            <br />
            <span className="muted">{current.title}</span>
          </span>
        </figcaption>
      </figure>
      <div className="dots">
        {items.map((t, i) => (
          <button
            key={t.author}
            type="button"
            className={`dot${i === index ? ' is-active' : ''}`}
            aria-label={`Show testimonial ${i + 1} of ${items.length}`}
            aria-pressed={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
        <button
          type="button"
          className="button-link carousel-stop"
          aria-label={stopped ? 'Play testimonials' : 'Pause testimonials'}
          onClick={() => setStopped((s) => !s)}
        >
          {stopped ? 'Play' : 'Pause'}
        </button>
      </div>
    </section>
  );
}
