import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICE_NAMES } from '../routes.js';
import { INTERNAL_CALLS, internalPath } from './internal.js';

describe('internal calls', () => {
  it('are all /internal/ routes of a known service', () => {
    for (const [name, call] of Object.entries(INTERNAL_CALLS)) {
      expect(call.path, name).toMatch(/^\/internal\//);
      expect(SERVICE_NAMES, name).toContain(call.owner);
    }
  });

  it('fills path params, URL-encoded', () => {
    expect(internalPath('contractorConsents', { id: 'C 1/2' })).toBe('/internal/contractors/C%201%2F2/consents');
    expect(internalPath('leadStats', {})).toBe('/internal/stats');
  });

  it('declare the query the owner accepts', () => {
    expect(INTERNAL_CALLS.refunds.query.safeParse({ status: 'weird' }).success).toBe(false);
    expect(INTERNAL_CALLS.refunds.query.parse({ status: 'pending' })).toEqual({ status: 'pending' });
  });

  it("are each documented in docs/internal-api.md: in the owner's table, and named in the list of declared calls", () => {
    const doc = readFileSync(new URL('../../../docs/internal-api.md', import.meta.url), 'utf8');
    // "## owner" sections; the declared list is the section whose heading names INTERNAL_CALLS.
    const sections = new Map(
      doc
        .split(/^## /m)
        .slice(1)
        .map((part) => [part.slice(0, part.indexOf('\n')).trim(), part] as const),
    );
    const declared = [...sections].find(([heading]) => heading.includes('INTERNAL_CALLS'))?.[1];
    expect(declared, 'a section listing the declared calls').toBeDefined();
    for (const [name, call] of Object.entries(INTERNAL_CALLS)) {
      const route = `${call.method} ${call.path}`;
      const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // The route itself, not a longer one it is the start of (`/internal/contractors` vs `/internal/contractors/:id`).
      const routeRow = new RegExp(`\\| ${escaped}(?=[\\s?\`|])`);
      expect(sections.get(call.owner) ?? '', `${name}: ${route} in the ${call.owner} table`).toMatch(routeRow);
      expect(declared ?? '', `${name} in the declared list`).toMatch(
        new RegExp(`\\| \`${name}\`\\s*\\| ${call.owner}\\s*\\| ${escaped}\\s*\\|`),
      );
    }
  });
});
