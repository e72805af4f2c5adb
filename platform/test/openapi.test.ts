import { FUNCTIONS_PREFIX, functionCall, ROUTES, scopeOfFunction, type FunctionName } from '@leadmarket/contracts';
import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/http/openapi.js';

type Operation = OpenAPIV3_1.OperationObject;
const names = Object.keys(ROUTES) as FunctionName[];
const SCHEME_OF = { contractor: 'contractorSession', admin: 'adminSession' } as const;

describe('the OpenAPI document', () => {
  let document: OpenAPIV3_1.Document;
  beforeAll(async () => {
    document = await buildOpenApiDocument('test');
  });

  const operation = (name: FunctionName, method: string): Operation | undefined =>
    (document.paths?.[`${FUNCTIONS_PREFIX}${name}`] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

  it('is OpenAPI 3.1 and holds the route table’s functions and nothing else', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths ?? {}).sort()).toEqual(names.map((n) => `${FUNCTIONS_PREFIX}${n}`).sort());
    for (const name of names) {
      const path = document.paths![`${FUNCTIONS_PREFIX}${name}`] as Record<string, unknown>;
      expect(Object.keys(path).sort(), name).toEqual(ROUTES[name].methods.map((m) => m.toLowerCase()).sort());
    }
  });

  it('gives every function and method its request schema, success answer, error shape and owner', () => {
    for (const name of names)
      for (const method of ROUTES[name].methods) {
        const op = operation(name, method);
        const call = functionCall(name, method)!;
        const where = `${method} ${name}`;
        expect(op, where).toBeDefined();
        expect(op!.tags, where).toEqual([ROUTES[name].service]);
        if (call.query) {
          const inQuery = (op!.parameters ?? []).filter((p) => 'in' in p && p.in === 'query');
          expect(inQuery.length, `${where} query`).toBeGreaterThan(0);
          for (const p of inQuery) expect('schema' in p && p.schema, `${where} query`).toBeTruthy();
        }
        if (call.body) {
          const body = op!.requestBody as OpenAPIV3_1.RequestBodyObject;
          const content = body?.content?.[call.bodyType ?? 'application/json'];
          expect(content?.schema, `${where} body`).toBeDefined();
        }
        const success = op!.responses![String(call.status ?? 200)] as OpenAPIV3_1.ResponseObject;
        expect(success, `${where} success`).toBeDefined();
        if (call.response) expect(success.content?.['application/json']?.schema, `${where} JSON`).toBeDefined();
        if (call.csv) expect(success.content?.['text/csv']?.schema, `${where} CSV`).toBeDefined();
        for (const status of ['4XX', '5XX']) {
          const error = op!.responses![status] as OpenAPIV3_1.ResponseObject;
          expect(error?.content?.['application/json']?.schema, `${where} ${status}`).toEqual({
            $ref: '#/components/schemas/Error',
          });
        }
      }
    const error = document.components?.schemas?.Error as OpenAPIV3_1.SchemaObject;
    expect(error.required).toEqual(expect.arrayContaining(['detail', 'message']));
  });

  it('names the security of every function by its auth kind', () => {
    const schemes = Object.keys(document.components?.securitySchemes ?? {});
    for (const name of names)
      for (const method of ROUTES[name].methods) {
        const security = operation(name, method)!.security;
        const auth = ROUTES[name].auth;
        if (auth === 'public') expect(security, name).toEqual([]);
        else if (auth === 'webhook') {
          const header = functionCall(name, method)!.signatureHeader;
          expect(security, name).toEqual([
            { [header === 'x-twilio-signature' ? 'twilioSignature' : 'stripeSignature']: [] },
          ]);
        } else {
          // A function an API key may call names the key's scheme with the permission it needs.
          const scope = scopeOfFunction(name);
          expect(security, name).toEqual([{ [SCHEME_OF[auth]]: [] }, ...(scope ? [{ apiKey: [scope] }] : [])]);
        }
        for (const requirement of security!)
          for (const scheme of Object.keys(requirement)) expect(schemes).toContain(scheme);
      }
  });
});
