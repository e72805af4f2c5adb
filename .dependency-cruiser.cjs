/**
 * The import graph's rules (`npm run lint` runs them): no cycles anywhere, services never import
 * each other, and the shared packages never import a service or the gateway.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle makes two modules one; split out what both need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'services-do-not-import-each-other',
      severity: 'error',
      comment: 'Services talk by events or internal HTTP, never by importing each other (tests may start several).',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'shared-packages-stay-below-services',
      severity: 'error',
      comment: 'contracts and platform are used by every service; they import none of them.',
      from: { path: '^(contracts|platform)/' },
      to: { path: '^(services|gateway|web)/' },
    },
    {
      name: 'web-features-stand-alone',
      severity: 'error',
      comment: 'A web feature uses components/ui, lib and contracts, never another feature (bulletproof-react).',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-stays-below-features',
      severity: 'error',
      comment: 'components/ui, lib and config serve every feature; they import none.',
      from: { path: '^web/src/(components|lib|config)/' },
      to: { path: '^web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
  },
};
