import { writeFileSync } from 'node:fs';
import { OPENAPI_PATH, renderOpenApiJson } from './openapi-document.js';

// `npm run openapi`: rewrite docs/openapi.json from the contracts (the gateway serves the same document).
writeFileSync(OPENAPI_PATH, await renderOpenApiJson());
console.log(`wrote ${OPENAPI_PATH}`);
