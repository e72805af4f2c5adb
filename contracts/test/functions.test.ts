import { describe, expect, it } from 'vitest';
import { FUNCTION_CALLS, ROUTES, type FunctionName } from '../src/index.js';

const names = Object.keys(ROUTES) as FunctionName[];

describe('the function contracts', () => {
  it('give every function exactly the methods of the route table', () => {
    expect(Object.keys(FUNCTION_CALLS).sort()).toEqual([...names].sort());
    for (const name of names)
      expect(Object.keys(FUNCTION_CALLS[name]).sort(), name).toEqual([...ROUTES[name].methods].sort());
  });

  it('say what each method answers, and what it takes unless it takes nothing', () => {
    for (const name of names)
      for (const [method, call] of Object.entries(FUNCTION_CALLS[name])) {
        expect(call.response ?? call.csv, `${method} ${name} answers nothing`).toBeDefined();
        // GETs take a query only; a body on a GET is never read by the browser's fetch.
        if (method === 'GET') expect(call.body, `${method} ${name}`).toBeUndefined();
        expect(call.summary.length, `${method} ${name}`).toBeGreaterThan(0);
        expect(Boolean(call.signatureHeader), `${method} ${name}`).toBe(ROUTES[name].auth === 'webhook');
      }
  });
});
