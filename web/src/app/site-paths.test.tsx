import { SPA_PATHS } from '@leadmarket/contracts/site-paths';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

describe('the route list the gateway knows', () => {
  it('is exactly the router’s list of pages, so the gateway answers 404 only for paths the app does not have', () => {
    const routed = routes.map((r) => r.path).filter((p): p is string => !!p && p !== '*');
    expect([...routed].sort()).toEqual([...SPA_PATHS].sort());
    // The app itself still renders "Page not found" for everything else.
    expect(routes.some((r) => r.path === '*')).toBe(true);
  });
});
