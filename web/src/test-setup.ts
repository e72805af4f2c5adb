import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor give up after 1 s by default: too short when the machine is busy. Waiting longer
// costs nothing when the page is quick (they return as soon as the text is there).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  // A test that moved the clock itself (timed banners, redirects) leaves real timers behind.
  vi.useRealTimers();
  // The fetch mock (test/fetch-mock) and other stubbed globals end with their test.
  vi.unstubAllGlobals();
  cleanup();
  localStorage.clear();
});
