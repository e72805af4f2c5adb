import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEV_PAGES,
  describeZodError,
  functionPath,
  functionsOf,
  functionsWithAuth,
  INTERNAL_HEADERS,
  isFunctionName,
  ROUTES,
  SERVICE_NAMES,
  type FunctionName,
} from '../src/index.js';

const names = Object.keys(ROUTES) as FunctionName[];

describe('the route table', () => {
  it('names every function in kebab-case and gives it an owner, a method and an auth kind', () => {
    for (const name of names) {
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      const route = ROUTES[name];
      expect(SERVICE_NAMES).toContain(route.service);
      expect(route.methods.length, name).toBeGreaterThan(0);
      expect(new Set(route.methods).size, `${name} repeats a method`).toBe(route.methods.length);
    }
  });

  it('splits the functions between the services with none left over and none twice', () => {
    const owned = SERVICE_NAMES.flatMap((service) => functionsOf(service));
    expect(owned.sort()).toEqual([...names].sort());
  });

  it('puts every admin-* function behind an admin session except the login itself', () => {
    const open = new Set(['admin-login', 'admin-login-options']);
    for (const name of names.filter((n) => n.startsWith('admin-'))) {
      // The screening desk's functions are screening's own (its rules, its verdicts), the phone
      // confirmation rule matching's (it applies it); the rest admin's.
      const owner = name.startsWith('admin-screening-')
        ? 'screening'
        : name === 'admin-confirmation-rules'
          ? 'matching'
          : 'admin';
      expect(ROUTES[name].service, name).toBe(owner);
      expect(ROUTES[name].auth, name).toBe(open.has(name) ? 'public' : 'admin');
    }
    expect(functionsWithAuth('admin').every((n) => n.startsWith('admin-'))).toBe(true);
  });

  it('routes the screening desk and the phone confirmation to screening', () => {
    const owned = names.filter((n) => ROUTES[n].service === 'screening');
    const desk = owned.filter((n) => n.startsWith('admin-'));
    expect(desk.sort()).toEqual(['admin-screening-rejections', 'admin-screening-release', 'admin-screening-rules']);
    for (const name of desk) expect(ROUTES[name].auth, name).toBe('admin');
    // The customer's own: the code proves the phone, with no session to check.
    const confirmation = owned.filter((n) => !n.startsWith('admin-'));
    expect(confirmation.sort()).toEqual(['leads-confirm-phone', 'leads-confirm-resend', 'leads-confirm-status']);
    for (const name of confirmation) expect(ROUTES[name].auth, name).toBe('public');
  });

  it('accepts webhooks only as POST', () => {
    for (const name of functionsWithAuth('webhook')) expect(ROUTES[name].methods).toEqual(['POST']);
  });

  it('builds paths under the Netlify prefix and recognises only its own names', () => {
    expect(functionPath('leads-submit')).toBe('/.netlify/functions/leads-submit');
    expect(isFunctionName('leads-submit')).toBe(true);
    expect(isFunctionName('toString')).toBe(false);
    expect(isFunctionName('__proto__')).toBe(false);
  });

  it('keeps development pages and internal headers apart from functions', () => {
    for (const [path, service] of Object.entries(DEV_PAGES)) {
      expect(path.startsWith('/dev/')).toBe(true);
      expect(SERVICE_NAMES).toContain(service);
    }
    for (const header of Object.values(INTERNAL_HEADERS)) expect(header).toMatch(/^x-leadmarket-[a-z-]+$/);
  });
});

describe('describeZodError', () => {
  it('answers with the first issue, the field it concerns and a schema’s own message first', () => {
    const schema = z.object({ amount: z.number().min(10, 'Minimum is $10') });
    const result = schema.safeParse({ amount: 5 });
    expect(result.success).toBe(false);
    const body = describeZodError(result.error!);
    expect(body).toEqual({ detail: 'Minimum is $10', message: 'Minimum is $10', field: 'amount' });
  });

  it('omits the field for an error of the whole value', () => {
    const result = z.string().safeParse(42);
    const body = describeZodError(result.error!);
    expect(body.field).toBeUndefined();
    expect(body.message).toBe(body.detail);
    expect(body.message.length).toBeGreaterThan(0);
  });
});
