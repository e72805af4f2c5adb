import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '@leadmarket/platform';
import * as prettier from 'prettier';

/** Where `npm run openapi` writes the document (and scripts/openapi.test.ts checks it is current). */
export const OPENAPI_PATH = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));

/** The OpenAPI document as the repository keeps it: formatted the way `prettier --check` wants it. */
export async function renderOpenApiJson(): Promise<string> {
  const document = await buildOpenApiDocument();
  const options = (await prettier.resolveConfig(OPENAPI_PATH)) ?? {};
  return prettier.format(JSON.stringify(document), { ...options, parser: 'json', filepath: OPENAPI_PATH });
}
