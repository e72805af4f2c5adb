import {
  DISMISS_STICKY_SIGNUP_KEY,
  STATS_ANIMATION_INTERVAL_MS,
  STATS_ANIMATION_STEPS,
  TESTIMONIAL_ROTATION_MS,
} from '@leadmarket/contracts/constants';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/test-render';
import { countUpValue, StatsBand } from '../components/stats-band';
import { TESTIMONIALS, TestimonialCarousel } from '../components/testimonial-carousel';
import { publicSiteRoutes } from '../routes';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('landing page', () => {
  it('has the headline, the top bar links and the footer links', async () => {
    renderRoutes(publicSiteRoutes, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'More High-Quality Leads. Less Hassle.' }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Get a Free Quote', '/lead-intake'],
      ['Contact Us', '/contact'],
      ['Login', '/contractor-login'],
      ['Sign Up Free', '/signup'],
    ]);
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect([...footer.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/privacy-policy',
      '/terms-of-service',
      '/disclaimer',
      '/tcpa-notice',
      '/contact',
      '/about-us',
      '/how-it-works',
    ]);
    // A homeowner's way in: the request form and every industry page.
    const services = screen.getByRole('navigation', { name: 'Services' });
    expect([...services.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/lead-intake',
      '/services/plumbing',
      '/hvac',
      '/legal',
      '/real-estate',
      '/finance',
      '/insurance',
      '/healthcare',
      '/auto',
    ]);
    expect(
      screen.getAllByRole('link', { name: 'Get a Free Quote' }).every((a) => a.getAttribute('href') === '/lead-intake'),
    ).toBe(true);
    expect(screen.getByText(/© 2024/)).toBeTruthy();
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(6); // header + the five rows
    expect(screen.getByText(/\$25/, { selector: 'strong' })).toBeTruthy();
  });

  it('the menu toggle opens and closes the mobile menu, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderRoutes(publicSiteRoutes, '/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Main' }).className).toContain('is-open');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('navigation', { name: 'Main' }).className).not.toContain('is-open');
    expect(document.activeElement).toBe(toggle);
  });

  it('the footer logo falls back to text when its image fails', async () => {
    renderRoutes(publicSiteRoutes, '/about-us');
    await screen.findByRole('heading', { name: 'About Us', level: 1 });
    const images = screen.getAllByRole('img', { name: 'leadmarket' });
    fireEvent.error(images.at(-1)!);
    expect(screen.getByTestId('logo-fallback').textContent).toBe('leadmarket');
  });

  it('the sticky bar links to /signup and stays dismissed (local storage flag)', async () => {
    const user = userEvent.setup();
    const first = renderRoutes(publicSiteRoutes, '/');
    expect((await screen.findByRole('link', { name: 'Get Leads Now' })).getAttribute('href')).toBe('/signup');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('link', { name: 'Get Leads Now' })).toBeNull();
    expect(localStorage.getItem(DISMISS_STICKY_SIGNUP_KEY)).toBe('true');
    first.unmount();
    renderRoutes(publicSiteRoutes, '/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Get Leads Now' })).toBeNull();
  });
});

describe('stats band', () => {
  it('climbs linearly and lands exactly on the target', () => {
    expect(countUpValue(12457, 0)).toBe(0);
    expect(countUpValue(12457, STATS_ANIMATION_STEPS / 5)).toBe(Math.floor(12457 / 5));
    expect(countUpValue(98, STATS_ANIMATION_STEPS)).toBe(98);
    expect(countUpValue(98, STATS_ANIMATION_STEPS + 10)).toBe(98);
  });

  it('counts up once when scrolled into view, in about 125 steps of 16 ms', () => {
    vi.useFakeTimers();
    let notify!: (entries: Array<{ isIntersecting: boolean }>) => void;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: typeof notify) {
          notify = cb;
        }
        observe = observe;
        disconnect() {}
      },
    );
    render(<StatsBand />);
    const values = () => [...document.querySelectorAll('.stat-value')].map((n) => n.textContent);
    expect(values()).toEqual(['0+', '0 min', '0%']);
    act(() => notify([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(STATS_ANIMATION_INTERVAL_MS * 10));
    expect(values()[2]).toBe(`${Math.floor((98 * 10) / STATS_ANIMATION_STEPS)}%`);
    act(() => vi.advanceTimersByTime(STATS_ANIMATION_INTERVAL_MS * STATS_ANIMATION_STEPS));
    expect(values()).toEqual(['12,457+', '10 min', '98%']);
    expect(observe).toHaveBeenCalledTimes(1);
    // Screen readers read the final figures throughout.
    expect(screen.getByText('12,457+', { selector: '.visually-hidden' })).toBeTruthy();
  });
});

describe('testimonial carousel', () => {
  it('rotates every 5 seconds and a dot picks a testimonial', () => {
    vi.useFakeTimers();
    render(
      <MemoryRouter>
        <TestimonialCarousel />
      </MemoryRouter>,
    );
    const quote = () => document.querySelector('blockquote')!.textContent;
    expect(quote()).toContain(TESTIMONIALS[0]!.quote);
    act(() => vi.advanceTimersByTime(TESTIMONIAL_ROTATION_MS - 1));
    expect(quote()).toContain(TESTIMONIALS[0]!.quote);
    act(() => vi.advanceTimersByTime(1));
    expect(quote()).toContain(TESTIMONIALS[1]!.quote);
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 3 of 3' }));
    expect(quote()).toContain(TESTIMONIALS[2]!.quote);
    expect(screen.getByRole('button', { name: 'Show testimonial 3 of 3' }).getAttribute('aria-pressed')).toBe('true');
    act(() => vi.advanceTimersByTime(TESTIMONIAL_ROTATION_MS));
    expect(quote()).toContain(TESTIMONIALS[0]!.quote);
    expect(screen.getByText(TESTIMONIALS[0]!.initials)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    act(() => vi.advanceTimersByTime(TESTIMONIAL_ROTATION_MS * 3));
    expect(quote()).toContain(TESTIMONIALS[0]!.quote);
    fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
    act(() => vi.advanceTimersByTime(TESTIMONIAL_ROTATION_MS));
    expect(quote()).toContain(TESTIMONIALS[1]!.quote);
  });
});

describe('page title', () => {
  it('follows the page heading', async () => {
    renderRoutes(publicSiteRoutes, '/how-it-works');
    await screen.findByRole('heading', { name: 'How It Works', level: 1 });
    // The title follows the heading once the page's effects have run, a moment after it shows.
    await waitFor(() => expect(document.title).toBe('How It Works | leadmarket'));
  });
});
