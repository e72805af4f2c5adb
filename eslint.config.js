import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// Features of the web app never import one another (bulletproof-react's rule): what two features
// share lives in web/src/components, web/src/lib or contracts/.
const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureBoundaries = features.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(features/)?(${features.filter((f) => f !== feature).join('|')})(/|$)`,
            message: `The ${feature} feature may not import another feature; move what both need to web/src/components or web/src/lib.`,
          },
        ],
      },
    ],
  },
}));

// A service's queries are checked against its tables (services/<svc>/src/db/database.ts): an
// untyped Kysely would make a misspelt column a runtime error again. Migrations are the exception
// (kysely's advice: they describe the schema as it was, not as the interface says it is now).
const typedTables = {
  files: ['services/*/src/**/*.ts'],
  ignores: ['services/*/src/db/migrations/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector:
          'TSTypeReference[typeName.name=/^(Kysely|Transaction|ServiceContext|ConsumerContext|ServiceDefinition)$/] > TSTypeParameterInstantiation > TSAnyKeyword',
        message: "Use the service's typed tables (e.g. Kysely<ScreeningDatabase> from src/db/database.ts), not any.",
      },
      {
        selector:
          // The platform's base context handed to a service's context builder (`base`) is the one exception.
          'TSTypeReference[typeName.name=/^(ServiceContext|ServiceDefinition|ConsumerContext)$/]:not([typeArguments]):not(Identifier[name="base"] > TSTypeAnnotation > TSTypeReference)',
        message:
          "Name the service's typed tables (e.g. ServiceContext<ScreeningDatabase>): without them its db is untyped.",
      },
    ],
  },
};

// Routes stay thin (issue 20, ADR 0017): a route parses, calls a repository in src/db/ or a use-case in
// src/use-cases/, and shapes the answer. A query written in a route file is refused here. Flat config
// replaces a rule's options per file rather than merging them, so the typed-tables selectors are repeated.
const thinRoutes = {
  files: ['services/*/src/routes/**/*.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...typedTables.rules['no-restricted-syntax'].slice(1),
      {
        selector:
          'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
        message:
          "No SQL in a route file: put the query in the service's src/db/*.repository.ts (or a use-case in src/use-cases/) and call that.",
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'bench/results/**', 'e2e/screenshots/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Tests and their harnesses reach into the browser's globals and hand-built fixtures; migrations describe the schema as
  // it was (kysely's advice: Kysely<any>), not as a service's table interfaces say it is now.
  {
    files: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      '**/__tests__/**',
      'e2e/**',
      '**/src/testing/**',
      '**/db/migrations/**',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...featureBoundaries,
  typedTables,
  thinRoutes,
);
