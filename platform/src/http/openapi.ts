import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import {
  API_KEY_SCOPES,
  ErrorResponseSchema,
  FUNCTION_CALLS,
  FUNCTIONS_PREFIX,
  functionCall,
  MAX_API_KEYS_PER_CONTRACTOR,
  ROUTES,
  scopeOfFunction,
  type AuthKind,
  type FunctionCallDef,
  type FunctionName,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WEBHOOK_TEST_TYPE,
  webhookBodySchema,
  type WebhookMessageType,
} from '@leadmarket/contracts';
import Fastify from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';

/** The security scheme of each auth kind of the route table (webhooks: their signature header's). */
export const SECURITY_SCHEMES = {
  contractorSession: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A contractor session: the session_token of contractor-login or contractors-signup, as `Authorization: Bearer <token>` (the spec’s browser may send it as `session_token` in the body or query instead). A `contractor_id` sent beside it must be the session’s own.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'lm_…',
    description: `A personal API key a contractor creates in Settings → API (at most ${MAX_API_KEYS_PER_CONTRACTOR}), as \`Authorization: Bearer lm_…\`. It acts as that contractor on the functions its permissions list and nowhere else: ${Object.entries(
      API_KEY_SCOPES,
    )
      .map(([scope, def]) => `\`${scope}\` (${def.label}): ${def.functions.join(', ')}`)
      .join(
        '; ',
      )}. Any other function answers 403; an unknown or revoked key 401; more calls a minute than GATEWAY_API_KEY_RATE_LIMIT_PER_MINUTE (120) 429 with Retry-After. See docs/integrations.md.`,
  },
  adminSession: {
    type: 'http',
    scheme: 'bearer',
    description: 'An admin session: the session_token of admin-login, as `Authorization: Bearer <token>`.',
  },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: 'Stripe’s signature of the raw body with the webhook secret; unsigned events are refused.',
  },
  twilioSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Twilio-Signature',
    description: 'Twilio’s signature of the public URL and the posted fields with the auth token.',
  },
} as const satisfies Record<string, OpenAPIV3_1.SecuritySchemeObject>;

const securityOf = (name: FunctionName, auth: AuthKind, call: FunctionCallDef): Array<Record<string, string[]>> => {
  const scope = scopeOfFunction(name);
  if (auth === 'contractor') return [{ contractorSession: [] }, ...(scope ? [{ apiKey: [scope] }] : [])];
  if (auth === 'admin') return [{ adminSession: [] }];
  if (auth === 'webhook')
    return [{ [call.signatureHeader === 'x-twilio-signature' ? 'twilioSignature' : 'stripeSignature']: [] }];
  return [];
};

const AUTH_WORDS: Record<AuthKind, string> = {
  public: 'Anyone may call it.',
  contractor: 'Needs a contractor session.',
  admin: 'Needs an admin session.',
  webhook: 'Called by a provider; the signature is checked by the owning service.',
};

/** For a function an API key may call: with which permission. */
function apiKeyWords(name: FunctionName): string {
  const scope = scopeOfFunction(name);
  return scope ? ` Or an API key with the "${API_KEY_SCOPES[scope].label}" permission (\`${scope}\`).` : '';
}

/** The version of the whole project (the root package.json's), which the document carries. */
const projectVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The answer schemas of one method: its success answer (JSON, CSV or either) and the error shape. */
function responsesOf(call: FunctionCallDef) {
  const content: Record<string, { schema: z.ZodType }> = {};
  if (call.response) content['application/json'] = { schema: call.response };
  if (call.csv) content['text/csv'] = { schema: z.string().describe(call.csv) };
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: ErrorResponseSchema } },
  });
  return {
    [call.status ?? 200]: { description: call.summary, content },
    '4xx': error('The request was refused: what is wrong and, where there is one, the field (`field`).'),
    '5xx': error('The service failed or is down (503 carries Retry-After).'),
  };
}

/**
 * The OpenAPI 3.1 document of every function of the route table, built from the contracts
 * (FUNCTION_CALLS) with @fastify/swagger and the zod type provider's transform. The functions are
 * declared on a Fastify instance of their own that never listens: the services that serve them run
 * apart (one process each, or one embedded process), so no single app holds them all.
 */
export async function buildOpenApiDocument(version = projectVersion()): Promise<OpenAPIV3_1.Document> {
  const app = Fastify({ exposeHeadRoutes: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The error shape once, as a component every operation refers to (a registry of this document's own).
  const schemaRegistry = z.registry<{ id: string }>();
  schemaRegistry.add(ErrorResponseSchema, { id: 'Error' });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'leadmarket functions',
        version,
        description:
          'Every function the browser (or a provider’s webhook) calls, under `/.netlify/functions/<name>` on the gateway. Money on this wire is dollars with two decimals. Every error answers the `Error` shape.',
      },
      tags: [...new Set(Object.values(ROUTES).map((r) => r.service))]
        .sort()
        .map((name) => ({ name, description: `Functions of the ${name} service` })),
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: createJsonSchemaTransform({ schemaRegistry }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry }),
  });
  for (const name of Object.keys(FUNCTION_CALLS).sort() as FunctionName[]) {
    const route = ROUTES[name];
    for (const method of route.methods) {
      const call = functionCall(name, method);
      if (!call) throw new Error(`${name} has no contract for ${method}`);
      app.route({
        method,
        url: `${FUNCTIONS_PREFIX}${name}`,
        schema: {
          operationId: route.methods.length > 1 ? `${name}-${method.toLowerCase()}` : name,
          summary: call.summary,
          description: `${AUTH_WORDS[route.auth]}${apiKeyWords(name)} Served by ${route.service}.`,
          tags: [route.service],
          security: securityOf(name, route.auth, call),
          ...(call.query ? { querystring: call.query } : {}),
          ...(call.body ? { body: call.body } : {}),
          ...(call.bodyType ? { consumes: [call.bodyType] } : {}),
          response: responsesOf(call),
        },
        // Never called: this instance only describes the functions (see above).
        handler: async (_request, reply) => reply.code(501).send(),
      });
    }
  }
  await app.ready();
  const document = app.swagger() as OpenAPIV3_1.Document;
  await app.close();
  document.webhooks = webhooksSection();
  return document;
}

/** A payload's JSON Schema as an OpenAPI 3.1 schema object (which is JSON Schema 2020-12 without `$schema`). */
function payloadSchema(type: WebhookMessageType): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(webhookBodySchema(type), { io: 'input' });
  return schema;
}

const WEBHOOK_HEADER_WORDS: Record<keyof typeof WEBHOOK_HEADERS, string> = {
  id: 'The message id (`msg_…`): the same on every retry and replay of this message; dedupe on it.',
  timestamp: 'Seconds since the Unix epoch when this attempt was signed; refuse one far from your clock.',
  signature:
    '`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes of your `whsec_` secret (space-separated when there are several).',
};

/**
 * The `webhooks` section: what a contractor's endpoint receives for each event type, signed per
 * Standard Webhooks (docs/integrations.md), with the payload schemas of contracts/src/webhooks.ts.
 */
function webhooksSection(): OpenAPIV3_1.Document['webhooks'] {
  const types = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_TYPE] as WebhookMessageType[];
  return Object.fromEntries(
    types.map((type) => [
      type,
      {
        post: {
          operationId: `webhook-${type}`,
          summary: WEBHOOK_EVENT_LABELS[type],
          description:
            'POSTed to each of the contractor’s endpoints subscribed to this event (Settings → Integrations). Answer 2xx within 10 s; timeouts, 5xx and 429 are retried with exponential back-off for 24 hours, other answers are not.',
          parameters: (Object.keys(WEBHOOK_HEADERS) as (keyof typeof WEBHOOK_HEADERS)[]).map((key) => ({
            name: WEBHOOK_HEADERS[key],
            in: 'header' as const,
            required: true,
            description: WEBHOOK_HEADER_WORDS[key],
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: payloadSchema(type),
              },
            },
          },
          responses: { '2XX': { description: 'Received. Any other answer counts as a failed attempt.' } },
        },
      },
    ]),
    // openapi-types' 3.1 schema objects do not take a JSON Schema 2020-12 document as zod writes it.
  ) as OpenAPIV3_1.Document['webhooks'];
}
