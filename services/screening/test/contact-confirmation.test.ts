import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { service as leadIntake } from '@leadmarket/lead-intake';
import { service as notification } from '@leadmarket/notification';
import { waitFor } from '@leadmarket/platform/testing';
import { randomInt, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service as screening } from '../src/index.js';

// The customer's phone confirmation (docs/adr/0045-phone-confirmed-before-the-offer.md) through the gateway, as the thank-you page
// calls it: the code comes by SMS (the development outbox), is hashed at rest, locks after wrong
// tries, expires, and new codes are limited.
let stack: TestStack;
let db: Kysely<any>;

const TRIES = 3;
const SENDS = 3;

beforeAll(async () => {
  stack = await startTestStack({
    services: [leadIntake, screening, notification],
    env: {
      LEAD_SUBMIT_RATE_LIMIT: '1000',
      SCREENING_IP_LIMIT: '1000',
      CONFIRM_CODE_TRIES: String(TRIES),
      CONFIRM_CODE_SENDS: String(SENDS),
      CONFIRM_RESEND_SECONDS: '60',
    },
    trustProxy: ['loopback'],
  });
  db = stack.marketplace.services.get('screening')!.ctx.db;
});
afterAll(async () => {
  await stack?.stop();
});

/** Every call from an address of its own, so no test spends another's per-address allowance. */
const clientIp = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;
const call = (name: string, options: { body?: unknown; query?: Record<string, string>; method?: string }) =>
  stack.call(name as never, { ...options, headers: { 'x-forwarded-for': clientIp() } } as never);

interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
}
const outbox = async (): Promise<OutboxMessage[]> =>
  (await stack.marketplace.clients.call<{ messages: OutboxMessage[] }>('notification', '/internal/outbox')).messages;

const codeIn = (body: string) => /code is (\d{6})/.exec(body)?.[1];
const linkTokenIn = (body: string) => /\/confirm\/([A-Za-z0-9_-]+)/.exec(body)?.[1];

/** An accepted lead and the texts of the codes sent to its phone (the newest first, as the outbox lists them). */
async function acceptedLead() {
  const digits = `212555${String(randomInt(10_000)).padStart(4, '0')}`;
  const idempotencyKey = randomUUID().replace(/-/g, '');
  const res = await call('leads-submit', {
    body: {
      idempotency_key: idempotencyKey,
      customer_name: 'Casey Quill',
      phone: digits,
      zip_code: '60601',
      service_category: 'home_services',
      sub_service: `hvac-${randomUUID().slice(0, 6)}`,
      description: 'The furnace blows cold air and the pilot light keeps going out.',
      email: '',
      urgency: 'Standard',
    },
  });
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('valid');
  const leadId = res.body.lead_id as string;
  const texts = async () => (await outbox()).filter((m) => m.to === `+1${digits}` && codeIn(m.body)).map((m) => m.body);
  const sms = await waitFor(async () => (await texts())[0], 'the code SMS', 20_000);
  return { leadId, digits, sms, texts, idempotencyKey };
}

const confirmCode = (leadId: string, code: string) => call('leads-confirm-phone', { body: { lead_id: leadId, code } });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** LeadContactConfirmed events screening wrote for a lead. */
async function confirmedEvents(leadId: string) {
  const rows = await db
    .selectFrom('outbox')
    .select('envelope')
    .where('type', '=', 'LeadContactConfirmed')
    .where(sql<boolean>`envelope->'data'->>'lead_id' = ${leadId}`)
    .execute();
  return rows.map((r) => (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope));
}

describe('phone confirmation', () => {
  it('texts an accepted lead a code that confirms its phone once, and says so as an event', async () => {
    const { leadId, sms } = await acceptedLead();
    expect(sms).toContain('HVAC');
    const status = await call('leads-confirm-status', { query: { lead_id: leadId } });
    expect(status.body).toMatchObject({ state: 'waiting', tries_left: TRIES, resends_left: SENDS - 1 });

    const ok = await confirmCode(leadId, codeIn(sms)!.replace(/(\d{3})/, '$1 '));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ state: 'confirmed', message: expect.stringContaining('Phone confirmed') });
    const again = await confirmCode(leadId, codeIn(sms)!);
    expect(again.body.confirmed_at).toBe(ok.body.confirmed_at);
    const events = await confirmedEvents(leadId);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ lead_id: leadId, channel: 'phone', method: 'code' });
  });

  it('confirms by the one-tap link too', async () => {
    const { leadId, sms } = await acceptedLead();
    const res = await call('leads-confirm-phone', { body: { token: linkTokenIn(sms)! } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lead_id: leadId, state: 'confirmed' });
    expect((await confirmedEvents(leadId))[0].data.method).toBe('link');
    const bogus = await call('leads-confirm-phone', { body: { token: 'x'.repeat(32) } });
    expect(bogus.status).toBe(404);
    expect(bogus.body.message).toMatch(/type the 6-digit code/);
  });

  it(`locks the code after ${TRIES} wrong ones: even the right code is refused until a new one is sent`, async () => {
    const { leadId, sms } = await acceptedLead();
    const code = codeIn(sms)!;
    for (let i = 1; i <= TRIES; i++) {
      const wrong = await confirmCode(leadId, otherCode(code));
      if (i < TRIES) {
        expect(wrong.status).toBe(400);
        expect(wrong.body.message).toContain(`${TRIES - i} ${TRIES - i === 1 ? 'try' : 'tries'} left`);
      } else {
        expect(wrong.status).toBe(423);
        expect(wrong.body.message).toMatch(/typed wrong too many times/);
      }
    }
    const right = await confirmCode(leadId, code);
    expect(right.status).toBe(423);
    expect(right.body.confirmation).toMatchObject({ state: 'locked', tries_left: 0 });
    expect(await confirmedEvents(leadId)).toHaveLength(0);
  });

  it('refuses an expired code, and a malformed one in plain words', async () => {
    const { leadId, sms } = await acceptedLead();
    const malformed = await confirmCode(leadId, '12ab');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/6 digits/);
    // The code's life passes (the row says so, as the clock would).
    await db
      .updateTable('contact_confirmations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('lead_id', '=', leadId)
      .execute();
    const res = await confirmCode(leadId, codeIn(sms)!);
    expect(res.status).toBe(410);
    expect(res.body.message).toMatch(/expired/);
    const link = await call('leads-confirm-phone', { body: { token: linkTokenIn(sms)! } });
    expect(link.status).toBe(410);
    expect(await confirmedEvents(leadId)).toHaveLength(0);
  });

  it(`sends at most ${SENDS} codes, a minute apart; a new code replaces the old one`, async () => {
    const { leadId, sms, texts } = await acceptedLead();
    const tooSoon = await call('leads-confirm-resend', { body: { lead_id: leadId } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toMatch(/another in \d+ seconds/);
    expect(tooSoon.body.retry_after).toBeGreaterThan(0);

    /** The minute since the last code passes (as the clock would), then a new code is asked for. */
    const resendLater = async () => {
      await db
        .updateTable('contact_confirmations')
        .set({ sent_at: sql`sent_at - interval '61 seconds'` })
        .where('lead_id', '=', leadId)
        .execute();
      return call('leads-confirm-resend', { body: { lead_id: leadId } });
    };
    for (let sent = 2; sent <= SENDS; sent++) {
      const res = await resendLater();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ state: 'waiting', resends_left: SENDS - sent });
      await waitFor(async () => (await texts()).length === sent, `code SMS number ${sent}`, 20_000);
    }
    const none = await resendLater();
    expect(none.status).toBe(429);
    expect(none.body.message).toMatch(/No more codes/);

    const first = codeIn(sms)!;
    const latest = codeIn((await texts())[0]!)!;
    if (first !== latest) expect((await confirmCode(leadId, first)).status).toBe(400);
    expect((await confirmCode(leadId, latest)).body.state).toBe('confirmed');
  });

  it('texts a new code to the right number the customer gives, which lead-intake keeps; a few times at most', async () => {
    const { leadId, sms, idempotencyKey } = await acceptedLead();
    const newDigits = `646555${String(randomInt(10_000)).padStart(4, '0')}`;
    const stranger = await call('leads-change-phone', {
      body: { lead_id: leadId, idempotency_key: 'x'.repeat(32), phone: newDigits },
    });
    expect(stranger.status).toBe(404);
    const bad = await call('leads-change-phone', {
      body: { lead_id: leadId, idempotency_key: idempotencyKey, phone: '12345' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/at least 10 digits/);
    const changed = await call('leads-change-phone', {
      body: {
        lead_id: leadId,
        idempotency_key: idempotencyKey,
        phone: `(${newDigits.slice(0, 3)}) ${newDigits.slice(3, 6)}-${newDigits.slice(6)}`,
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const newSms = await waitFor(
      async () => (await outbox()).find((m) => m.to === `+1${newDigits}` && codeIn(m.body)),
      'the code at the new number',
      20_000,
    );
    const intake = stack.marketplace.services.get('lead-intake')!.ctx.db as Kysely<any>;
    const lead = await intake.selectFrom('leads').select('phone').where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(lead.phone).toBe(`+1${newDigits}`);
    const oldCode = codeIn(sms)!;
    const newCode = codeIn(newSms.body)!;
    if (oldCode !== newCode) expect((await confirmCode(leadId, oldCode)).status).toBe(400);
    expect((await confirmCode(leadId, newCode)).body.state).toBe('confirmed');
    // The phone's copy in lead-intake's outbox is blanked once the broker has it.
    await waitFor(async () => {
      const rows = await intake
        .selectFrom('outbox')
        .select(['envelope', 'processed_at'])
        .where('type', '=', 'LeadPhoneChanged')
        .where(sql<boolean>`envelope->'data'->>'lead_id' = ${leadId}`)
        .execute();
      const envelope = rows[0]?.processed_at
        ? typeof rows[0].envelope === 'string'
          ? JSON.parse(rows[0].envelope)
          : rows[0].envelope
        : undefined;
      return envelope?.data.phone === 'redacted';
    }, 'the LeadPhoneChanged redacted');
    // Two changes a request at most.
    const again = { lead_id: leadId, idempotency_key: idempotencyKey, phone: newDigits };
    expect((await call('leads-change-phone', { body: again })).status).toBe(200);
    const tooMany = await call('leads-change-phone', { body: again });
    expect(tooMany.status).toBe(429);
  });

  it('keeps only hashes: no code, link token or phone in its schema, nor in its outbox once sent', async () => {
    const { leadId, digits, sms } = await acceptedLead();
    const code = codeIn(sms)!;
    const token = linkTokenIn(sms)!;
    const row = await waitFor(async () => {
      const rows = await db
        .selectFrom('outbox')
        .select(['envelope', 'processed_at'])
        .where('type', '=', 'ContactCodeIssued')
        .where(sql<boolean>`envelope->'data'->>'lead_id' = ${leadId}`)
        .execute();
      return rows[0]?.processed_at ? rows[0] : undefined;
    }, 'the ContactCodeIssued marked sent');
    const envelope = typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope;
    expect(envelope.data).toMatchObject({ phone: 'redacted', code: 'redacted', link_token: 'redacted' });
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'screening'`.execute(db);
    expect(tables.rows.map((t) => t.table_name)).toContain('contact_confirmations');
    for (const { table_name } of tables.rows) {
      const text = JSON.stringify(await db.selectFrom(table_name).selectAll().execute());
      for (const secret of [digits, `"${code}"`, `code is ${code}`, token])
        expect(text, table_name).not.toContain(secret);
    }
    const stored = await db
      .selectFrom('contact_confirmations')
      .selectAll()
      .where('lead_id', '=', leadId)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.link_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
