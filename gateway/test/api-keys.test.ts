import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { API_KEY_MESSAGES, API_KEY_PATTERN } from '@leadmarket/contracts';
import { createLogger, hashToken } from '@leadmarket/platform';
import { testLogger } from '@leadmarket/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import {
  signUpContractor,
  signUpFundedContractor,
  startTestStack,
  uniqueZip,
  type TestStack,
} from '../src/testing/test-stack.js';
import { buyFromDashboard } from '../src/testing/fixtures.js';

// Personal API keys end to end through the gateway (docs/adr/0046-personal-api-keys.md): every
// service runs, so a key reads and updates a lead its contractor really bought.
const PER_MINUTE = 6;
let stack: TestStack;
const logged: string[] = [];

beforeAll(async () => {
  // Everything any part of the stack logs, at every level, to prove no key is ever written out.
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  stack = await startTestStack({ logger: createLogger('test', 'trace', sink), apiKeyRateLimitPerMinute: PER_MINUTE });
});
afterAll(async () => {
  await stack?.stop();
});

type Contractor = Awaited<ReturnType<typeof signUpContractor>>;

async function createKey(c: Contractor, scopes: string[], name = 'CRM sync') {
  const res = await stack.call('api-keys', { body: { name, scopes }, token: c.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { key: { id: string; last_used_at: string | null }; secret: string };
}

const listKeys = async (c: Contractor) => {
  const res = await stack.call('api-keys', { token: c.token });
  expect(res.status).toBe(200);
  return res.body.keys as Array<{ id: string; name: string; scopes: string[]; last_used_at: string | null }>;
};

/** A contractor who bought a lead with their session: the lead's id. */
async function contractorWithLead() {
  const zip = uniqueZip('4');
  const contractor = await signUpFundedContractor(stack, { sub_service: 'hvac', zip_codes: zip });
  const submit = await stack.call('leads-submit', {
    body: {
      customer_name: 'Bob Jones',
      phone: '(617) 555-0142',
      zip_code: zip,
      service_category: 'home_services',
      sub_service: 'hvac',
      description: 'AC not cooling at all',
      email: `bob.${randomUUID().slice(0, 8)}@example.com`,
    },
  });
  expect(submit.status).toBeLessThan(300);
  const leadId = submit.body.lead_id as string;
  const bought = await buyFromDashboard(stack, contractor, leadId);
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  return { contractor, leadId };
}

describe('personal API keys at the gateway', () => {
  it('creates a key shown once, reads and updates bought leads with it, and lists when it was last used', async () => {
    const { contractor, leadId } = await contractorWithLead();
    const { key, secret } = await createKey(contractor, ['leads:read', 'leads:write']);
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(key.last_used_at).toBeNull();
    expect(JSON.stringify(await listKeys(contractor))).not.toContain(secret);

    const list = await stack.call('get-purchased-leads', { token: secret });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(leadId);
    const one = await stack.call('get-purchased-lead', { query: { lead_id: leadId }, token: secret });
    expect(one.status).toBe(200);
    expect(one.body.lead.phone).toBeTruthy();
    const contacted = await stack.call('mark-lead-contacted', { body: { lead_id: leadId }, token: secret });
    expect(contacted.status).toBe(200);
    const won = await stack.call('update-lead-outcome', {
      body: { lead_id: leadId, outcome: 'won', job_value: 1200 },
      token: secret,
    });
    expect(won.status, JSON.stringify(won.body)).toBe(200);

    const [listed] = await listKeys(contractor);
    expect(listed).toMatchObject({ id: key.id, name: 'CRM sync', scopes: ['leads:read', 'leads:write'] });
    expect(listed!.last_used_at).not.toBeNull();

    // Ownership is the contractor's as with a session: another contractor's key cannot read this lead.
    const other = await signUpContractor(stack);
    const otherKey = await createKey(other, ['leads:read']);
    const theirs = await stack.call('get-purchased-lead', { query: { lead_id: leadId }, token: otherKey.secret });
    expect(theirs.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(theirs.body)).not.toContain('617');
    // Naming another contractor is refused as it is for a session.
    const named = await stack.call('get-purchased-leads', {
      query: { contractor_id: contractor.id },
      token: otherKey.secret,
    });
    expect(named.status).toBe(403);
  });

  it('refuses a revoked key on its very next call, through every gateway instance', async () => {
    const c = await signUpContractor(stack);
    const { key, secret } = await createKey(c, ['leads:read']);
    // A second gateway beside the stack's, on the same key-value store and services (as replicas run).
    const other = await buildGateway({
      logger: testLogger(),
      kv: stack.infra.kv,
      clients: stack.marketplace.clients,
      internalToken: stack.marketplace.internalToken,
    });
    const viaOther = () =>
      other.inject({
        method: 'GET',
        url: '/.netlify/functions/get-purchased-leads',
        headers: { authorization: `Bearer ${secret}` },
      });
    try {
      expect((await stack.call('get-purchased-leads', { token: secret })).status).toBe(200);
      expect((await viaOther()).statusCode).toBe(200);

      const revoke = await stack.call('api-keys', { method: 'DELETE', body: { key_id: key.id }, token: c.token });
      expect(revoke.status).toBe(200);
      const after = await stack.call('get-purchased-leads', { token: secret });
      expect(after.status).toBe(401);
      expect(after.body.detail).toBe(API_KEY_MESSAGES.invalid);
      const afterOther = await viaOther();
      expect(afterOther.statusCode).toBe(401);
      expect(afterOther.json().detail).toBe(API_KEY_MESSAGES.invalid);
    } finally {
      await other.close();
    }
    expect(await listKeys(c)).toEqual([]);
    const again = await stack.call('api-keys', { method: 'DELETE', body: { key_id: key.id }, token: c.token });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe(API_KEY_MESSAGES.notFound);
  });

  it('refuses a key a function its scopes do not cover, in plain words', async () => {
    const c = await signUpContractor(stack);
    const reader = await createKey(c, ['leads:read'], 'reader');
    const writer = await createKey(c, ['leads:write'], 'writer');
    const lead = { lead_id: randomUUID() };

    for (const name of ['mark-lead-complete', 'update-lead-outcome']) {
      const update = await stack.call(name, { body: { ...lead, outcome: 'won' }, token: reader.secret });
      expect(update.status, name).toBe(403);
      expect(update.body.detail, name).toBe(API_KEY_MESSAGES.missingScope('Update lead status and outcome'));
    }
    const read = await stack.call('get-purchased-leads', { token: writer.secret });
    expect(read.status).toBe(403);
    expect(read.body.detail).toBe(API_KEY_MESSAGES.missingScope('Read purchased leads'));
    // The scope it has still works.
    expect((await stack.call('get-purchased-leads', { token: reader.secret })).status).toBe(200);
  });

  it('refuses a key on every function outside all scopes, key management included', async () => {
    const c = await signUpContractor(stack);
    const { secret } = await createKey(c, ['leads:read', 'leads:write']);
    const refused: Array<[string, Parameters<TestStack['call']>[1]]> = [
      ['purchase-lead', { body: { lead_id: randomUUID() } }],
      ['contractors-dashboard', {}],
      ['api-keys', { body: { name: 'another', scopes: ['leads:read'] } }],
      ['api-keys', {}],
      ['get-wallet-statement', {}],
      ['admin-stats', {}],
      ['get-category-pricing', {}],
      ['contractor-events', {}],
    ];
    for (const [name, options] of refused) {
      const res = await stack.call(name, { ...options, token: secret });
      expect(res.status, name).toBe(403);
      expect(res.body.detail, name).toBe(API_KEY_MESSAGES.notForFunction(name));
    }
    expect(await listKeys(c)).toHaveLength(1);
  });

  it('stores only the SHA-256 of a key and never writes a key to the log', async () => {
    const c = await signUpContractor(stack);
    const { key, secret } = await createKey(c, ['leads:read']);
    await stack.call('get-purchased-leads', { token: secret });
    await stack.call('purchase-lead', { body: { lead_id: randomUUID() }, token: secret });
    await stack.call('api-keys', { method: 'DELETE', body: { key_id: key.id }, token: c.token });
    await stack.call('get-purchased-leads', { token: secret });

    const db = stack.marketplace.services.get('contractors')!.ctx.db;
    const created = await createKey(c, ['leads:read']);
    const rows = await db.selectFrom('api_keys').selectAll().where('contractor_id', '=', c.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(created.secret));
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(3, 20));
    // The stack logged these calls (at trace level) without either key in any line.
    expect(logged.length).toBeGreaterThan(0);
    for (const s of [secret, created.secret]) expect(logged.join('\n')).not.toContain(s.slice(3));
  });

  it('writes the last-used time at most once a minute, not on every call', async () => {
    const c = await signUpContractor(stack);
    const { key, secret } = await createKey(c, ['leads:read']);
    const db = stack.marketplace.services.get('contractors')!.ctx.db;
    const lastUsed = async () =>
      (await db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow())
        .last_used_at;
    const setLastUsed = (at: Date) =>
      db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', key.id).execute();

    // Used ten seconds ago: a call now leaves the time as it is.
    const recent = new Date(Date.now() - 10_000);
    await setLastUsed(recent);
    expect((await stack.call('get-purchased-leads', { token: secret })).status).toBe(200);
    expect((await lastUsed())!.getTime()).toBe(recent.getTime());
    // Used two minutes ago: the call records itself.
    const old = new Date(Date.now() - 120_000);
    await setLastUsed(old);
    expect((await stack.call('get-purchased-leads', { token: secret })).status).toBe(200);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it(`limits each key to ${PER_MINUTE} calls a minute, with Retry-After and plain words`, async () => {
    const c = await signUpContractor(stack);
    const busy = await createKey(c, ['leads:read'], 'busy');
    const calm = await createKey(c, ['leads:read'], 'calm');
    for (let i = 0; i < PER_MINUTE; i++)
      expect((await stack.call('get-purchased-leads', { token: busy.secret })).status, `call ${i + 1}`).toBe(200);
    const limited = await stack.call('get-purchased-leads', { token: busy.secret });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.detail).toBe(API_KEY_MESSAGES.rateLimited(PER_MINUTE, retryAfter));
    // Per key: the contractor's other key and their session still work.
    expect((await stack.call('get-purchased-leads', { token: calm.secret })).status).toBe(200);
    expect((await stack.call('get-purchased-leads', { token: c.token })).status).toBe(200);
  });

  it('refuses bad input in plain words and holds at most ten keys per contractor', async () => {
    const c = await signUpContractor(stack);
    const bad = async (body: unknown, detail: string) => {
      const res = await stack.call('api-keys', { body, token: c.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail, JSON.stringify(body)).toBe(detail);
    };
    await bad({ scopes: ['leads:read'] }, API_KEY_MESSAGES.nameRequired);
    await bad({ name: '   ', scopes: ['leads:read'] }, API_KEY_MESSAGES.nameRequired);
    await bad({ name: 'x'.repeat(61), scopes: ['leads:read'] }, API_KEY_MESSAGES.nameRequired);
    await bad({ name: 'CRM' }, API_KEY_MESSAGES.scopesRequired);
    await bad({ name: 'CRM', scopes: [] }, API_KEY_MESSAGES.scopesRequired);
    await bad({ name: 'CRM', scopes: ['admin'] }, API_KEY_MESSAGES.unknownScope);

    for (let i = 0; i < 10; i++) await createKey(c, ['leads:read'], `key ${i + 1}`);
    const eleventh = await stack.call('api-keys', {
      body: { name: 'one more', scopes: ['leads:read'] },
      token: c.token,
    });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.detail).toBe(API_KEY_MESSAGES.tooMany);

    const malformed = await stack.call('get-purchased-leads', { token: 'lm_short' });
    expect(malformed.status).toBe(401);
    expect(malformed.body.detail).toBe(API_KEY_MESSAGES.malformed);
    const unknown = await stack.call('get-purchased-leads', { token: `lm_${'A'.repeat(43)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe(API_KEY_MESSAGES.invalid);
  });
});
