import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH, renderOpenApiJson } from './openapi-document.js';

describe('docs/openapi.json', () => {
  it('is what `npm run openapi` writes from the contracts now', async () => {
    const kept = readFileSync(OPENAPI_PATH, 'utf8');
    // A mismatch means a contract changed without `npm run openapi`: run it and commit the file.
    expect(kept === (await renderOpenApiJson()), 'docs/openapi.json is stale: run `npm run openapi`').toBe(true);
  });
});
