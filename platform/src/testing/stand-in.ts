import { functionPath, functionsOf, ROUTES, type ServiceName } from '@leadmarket/contracts';
import { HttpError } from '../errors.js';
import type { ServiceDefinition } from '../service/service.js';

/**
 * A test double standing in for service `def.name`: its `register` adds the routes the test needs,
 * and every other function of the route table it owns answers 503 (start-up requires a handler for
 * each, and a real service never ships without one).
 */
export function standIn(
  def: Pick<ServiceDefinition, 'name'> & Partial<Omit<ServiceDefinition, 'name'>>,
): ServiceDefinition {
  const name: ServiceName = def.name;
  return {
    migrations: {},
    ...def,
    async register(app, ctx) {
      await def.register?.(app, ctx);
      for (const fn of functionsOf(name))
        for (const method of ROUTES[fn].methods)
          if (!app.hasRoute({ method, url: functionPath(fn) }))
            app.route({
              method,
              url: functionPath(fn),
              handler: async () => {
                throw new HttpError(503, `${name} is a stand-in in this test`);
              },
            });
    },
  };
}
