import { functionPath, functionsOf, ROUTES } from '@leadmarket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, type ServiceDefinition } from '../src/index.js';
import { buildTestApp, createTestInfra, testLogger, type TestInfra } from '../src/testing/index.js';

// Start-up refuses a service that owns a route-table function without a handler: no placeholder
// ever answers for it.
describe('service start-up', () => {
  let infra: TestInfra;
  beforeAll(async () => {
    infra = await createTestInfra(testLogger());
  });
  afterAll(async () => {
    await infra?.cleanup();
  });

  const deps = () => ({
    infra,
    logger: testLogger(),
    clients: undefined as never,
    publicBaseUrl: 'http://localhost:8080',
  });

  it('refuses a service missing a handler, naming the function', async () => {
    const matchingWithoutRoutes: ServiceDefinition = { name: 'matching', migrations: {}, register() {} };
    await expect(buildService(matchingWithoutRoutes, deps())).rejects.toThrow(
      'matching cannot start: no handler for GET contractors-available-leads',
    );
  });

  it('builds (without listening) a service that handles every function it owns', async () => {
    const matching: ServiceDefinition = {
      name: 'matching',
      migrations: {},
      register(app) {
        app.get(functionPath('contractors-available-leads'), async () => ({ available_leads: [], total_available: 0 }));
        // The rest of what the route table gives matching, answered by a handler each.
        for (const name of functionsOf('matching'))
          for (const method of ROUTES[name].methods)
            if (name !== 'contractors-available-leads')
              app.route({ method, url: functionPath(name), handler: async () => ({}) });
      },
    };
    const app = await buildTestApp(matching, (d) => buildService(matching, d));
    try {
      const res = await app.app.inject({
        method: 'GET',
        url: functionPath('contractors-available-leads'),
        headers: app.headers(),
      });
      expect(res.json()).toEqual({ available_leads: [], total_available: 0 });
      expect(app.app.server.listening).toBe(false);
    } finally {
      await app.close();
    }
  });
});
