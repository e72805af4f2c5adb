import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderEnvExample } from './env-catalogue.js';

// `npm run env:example`: rewrite .env.example from the config schemas.
const target = fileURLToPath(new URL('../.env.example', import.meta.url));
writeFileSync(target, renderEnvExample());
console.log(`wrote ${target}`);
