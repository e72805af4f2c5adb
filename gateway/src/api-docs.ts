import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument, type ServiceApp } from '@leadmarket/platform';

/** Where the reference is read: the page for people, the document for tools. */
export const API_DOCS_PATH = '/docs';
export const OPENAPI_PATH = '/openapi.json';

/**
 * The API reference of every function: the OpenAPI 3.1 document built from the contracts (the same
 * one `npm run openapi` writes to docs/openapi.json) at /openapi.json, and Swagger UI at /docs with
 * its assets served from the package (no CDN: it works offline and under the site's CSP). Swagger
 * UI's default validatorUrl is null: it never sends the document to the public validator.
 */
export async function registerApiDocs(app: ServiceApp): Promise<void> {
  const document = await buildOpenApiDocument();
  app.get(OPENAPI_PATH, (_request, reply) => reply.header('cache-control', 'no-cache').send(document));
  // Static mode: the document is the contracts', not this gateway's own routes. The plugin's static
  // type names OpenAPI 2 and 3.0 documents only; it serves a 3.1 one as it is.
  const specification = { document } as unknown as StaticDocumentSpec;
  await app.register(fastifySwagger, { mode: 'static', specification });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: 'leadmarket API reference' },
    uiConfig: {
      // Without the standalone top bar: its Swagger logo is an SVG with an inline <style>, which the
      // site's CSP refuses, and its "explore any URL" box has no use here. With it gone the page
      // needs no exception to the policy at all.
      layout: 'BaseLayout',
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
    },
  });
}
