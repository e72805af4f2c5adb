import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { waitFor } from '@leadmarket/platform/testing';
import { MESSAGES } from '@leadmarket/contracts';
import { describe, expect, it } from 'vitest';

let stack: TestStack;
const unique = () => Math.random().toString(36).slice(2, 10);
const waitlist = (over: Record<string, unknown> = {}) => ({
  first_name: 'Ann',
  last_name: 'Lee',
  company: 'Lee Plumbing',
  email: `ann.${unique()}@example.com`,
  phone: '(555) 123-4567',
  trade: 'plumbing',
  ...over,
});
const internal = (path: string, query?: Record<string, string | number>) =>
  stack.marketplace.clients.call('lead-intake', path, { query });
const db = () => stack.marketplace.services.get('lead-intake')!.ctx.db;

testStackForFile((started) => (stack = started), {
  env: { SITE_FORM_RATE_LIMIT: '1000', SITE_PAGE_VIEW_RATE_LIMIT: '1000' },
});

describe('contractor-waitlist-signup', () => {
  it('stores a signup once however often it is sent, and says so kindly', async () => {
    const body = waitlist();
    const first = await stack.call('contractor-waitlist-signup', { body });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ redirect_url: '/contractor-waitlist-confirmed', already_registered: false });
    for (const email of [body.email, body.email.toUpperCase(), ` ${body.email} `]) {
      const again = await stack.call('contractor-waitlist-signup', { body: { ...body, email } });
      expect(again.status).toBe(200);
      expect(again.body.already_registered).toBe(true);
      expect(again.body.message).toMatch(/already on our waitlist/);
    }
    const rows = await db()
      .selectFrom('site_waitlist_entries')
      .selectAll()
      .where('email_key', '=', body.email.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.each(['first_name', 'last_name', 'company', 'email', 'phone', 'trade'])(
    'a missing %s gets a 400 naming it in plain words',
    async (field) => {
      const body: Record<string, unknown> = waitlist();
      delete body[field];
      const res = await stack.call('contractor-waitlist-signup', { body });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
      expect(res.body.message).toMatch(/^Please (enter your|choose the) /);
      expect(res.body.message).not.toContain('_');
    },
  );

  it('a bad trade, email or phone gets a 400 naming it', async () => {
    const trade = await stack.call('contractor-waitlist-signup', { body: waitlist({ trade: 'electrical' }) });
    expect(trade.status).toBe(400);
    expect(trade.body).toMatchObject({
      field: 'trade',
      message: 'Please choose the trade from the list',
    });
    const email = await stack.call('contractor-waitlist-signup', { body: waitlist({ email: 'not-an-email' }) });
    expect(email.status).toBe(400);
    expect(email.body.field).toBe('email');
    const phone = await stack.call('contractor-waitlist-signup', { body: waitlist({ phone: '12345' }) });
    expect(phone.status).toBe(400);
    expect(phone.body.field).toBe('phone');
    const long = await stack.call('contractor-waitlist-signup', { body: waitlist({ company: 'x'.repeat(201) }) });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('company');
  });

  it('silently drops a bot that fills the honeypot', async () => {
    const body = waitlist({ website: 'http://spam.example' });
    const res = await stack.call('contractor-waitlist-signup', { body });
    expect(res.status).toBe(200);
    expect(res.body.redirect_url).toBe('/contractor-waitlist-confirmed');
    const rows = await db()
      .selectFrom('site_waitlist_entries')
      .selectAll()
      .where('email_key', '=', body.email)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('contact', () => {
  it("stores the message, emits one ContactMessageReceived and answers with the spec's text", async () => {
    const email = `visitor.${unique()}@example.com`;
    const res = await stack.call('contact', {
      body: { name: 'Vic', email, message: 'Do you cover 10001?', subject: 'Coverage' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MESSAGES.contact.success });
    const stored = await db().selectFrom('site_contact_messages').selectAll().where('email', '=', email).execute();
    expect(stored).toHaveLength(1);
    const events = await db().selectFrom('outbox').selectAll().where('type', '=', 'ContactMessageReceived').execute();
    const mine = events.filter(
      (e: any) => (typeof e.envelope === 'string' ? JSON.parse(e.envelope) : e.envelope).data.email === email,
    );
    expect(mine).toHaveLength(1);
  });

  it('requires name, email and message, checks the email and bounds the message', async () => {
    const ok = { name: 'Vic', email: 'vic@example.com', message: 'Hello' };
    for (const field of ['name', 'email', 'message'] as const) {
      const body: Record<string, unknown> = { ...ok };
      delete body[field];
      const res = await stack.call('contact', { body });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const badEmail = await stack.call('contact', { body: { ...ok, email: 'vic at example' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.field).toBe('email');
    const tooLong = await stack.call('contact', { body: { ...ok, message: 'x'.repeat(5001) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Please shorten the message to 5,000 characters or fewer');
  });

  it('drops a honeypot submission without storing or emailing', async () => {
    const email = `bot.${unique()}@example.com`;
    const res = await stack.call('contact', { body: { name: 'Bot', email, message: 'Buy now', website: 'x' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.contact.success);
    const stored = await db().selectFrom('site_contact_messages').selectAll().where('email', '=', email).execute();
    expect(stored).toHaveLength(0);
  });

  // Depends on the notification service (ContactMessageReceived consumer and GET /internal/outbox).
  it('produces exactly one support email in the development outbox', async () => {
    const email = `mail.${unique()}@example.com`;
    const res = await stack.call('contact', { body: { name: 'Mia', email, message: `Question ${email}` } });
    expect(res.status).toBe(200);
    const find = async (text: string) => {
      const out = await stack.marketplace.clients.call('notification', '/internal/outbox', {
        query: { channel: 'email' },
      });
      return (out.messages as any[]).filter((m) => String(m.body).includes(text));
    };
    await waitFor(async () => (await find(email)).length > 0, 'support email', 20_000);
    // A later message's email proves the pipeline has moved past the first one: a duplicate of it
    // would have been sent by then.
    const later = `later.${unique()}@example.com`;
    await stack.call('contact', { body: { name: 'Mo', email: later, message: `Question ${later}` } });
    await waitFor(async () => (await find(later)).length > 0, 'the later support email', 20_000);
    expect(await find(email)).toHaveLength(1);
  });
});

describe('track-page-view', () => {
  it('counts /launch-soon views per day with distinct visitors and keeps no raw IP', async () => {
    const path = `/launch-soon`;
    const before = await internal('/internal/page-views', { page_path: path });
    const today = new Date().toISOString().slice(0, 10);
    const viewsBefore = before.days.find((d: any) => d.day === today)?.views ?? 0;
    for (const ua of ['UA-1', 'UA-1', 'UA-2']) {
      const res = await stack.call('track-page-view', { body: { page_path: path }, headers: { 'user-agent': ua } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
    }
    const after = await internal('/internal/page-views', { page_path: path });
    const day = after.days.find((d: any) => d.day === today);
    expect(day.views).toBe(viewsBefore + 3);
    expect(day.unique_visitors).toBeGreaterThanOrEqual(2);
    const rows = await db().selectFrom('site_page_views').selectAll().where('page_path', '=', path).execute();
    for (const row of rows) expect(JSON.stringify(row)).not.toContain('127.0.0.1');
  });

  it('keeps counting per day on the stored salt (the same visitor gets the same key after a restart)', async () => {
    // A path of this test's own, so other tests' views do not move its counts.
    const path = `/restart-${unique()}`;
    const today = () => new Date().toISOString().slice(0, 10);
    const countsOf = async () =>
      (await internal('/internal/page-views', { page_path: path })).days.find((d: any) => d.day === today());
    const view = async () => {
      const res = await stack.call('track-page-view', {
        body: { page_path: path },
        headers: { 'user-agent': 'UA-restart' },
      });
      expect(res.status).toBe(200);
    };
    await view();
    const before = await countsOf();
    expect(before).toMatchObject({ views: 1, unique_visitors: 1 });
    await stack.restart();
    await view();
    const after = await countsOf();
    // The day may have turned between the two views (midnight UTC); then the new day counts one of each.
    if (after.day === before.day) expect(after).toMatchObject({ views: 2, unique_visitors: 1 });
    else expect(after).toMatchObject({ views: 1, unique_visitors: 1 });
  });
});

describe('abuse and odd input', () => {
  const junk: unknown[] = [
    null,
    [],
    'text',
    42,
    {},
    { page_path: 'no-slash' },
    { page_path: '/' + 'a'.repeat(600) },
    { email: { $ne: 1 } },
  ];
  it.each(['contractor-waitlist-signup', 'contact', 'track-page-view'])('%s never answers 501 or 5xx', async (name) => {
    for (const body of junk) {
      const res = await stack.call(name, { body });
      expect(res.status, `${name} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(200);
      expect(res.status, `${name} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
    const malformed = await stack.call(name, { rawBody: '{"oops"' });
    expect(malformed.status).toBe(400);
    const empty = await stack.call(name, { method: 'POST' });
    expect(empty.status).toBeLessThan(500);
  });
});

describe('admin visibility', () => {
  it('lists waitlist entries and contact messages newest first, paginated', async () => {
    const emails = [0, 1, 2].map((i) => `page${i}.${unique()}@example.com`);
    for (const email of emails) await stack.call('contractor-waitlist-signup', { body: waitlist({ email }) });
    const first = await internal('/internal/site-messages', { kind: 'waitlist', page: 1, limit: 2 });
    expect(first.items.map((i: any) => i.email)).toEqual([emails[2], emails[1]]);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const second = await internal('/internal/site-messages', { kind: 'waitlist', page: 2, limit: 2 });
    expect(second.items[0].email).toBe(emails[0]);
    const contact = await internal('/internal/site-messages', { kind: 'contact', limit: 5 });
    expect(contact.items.every((i: any) => i.kind === 'contact')).toBe(true);
    await expect(internal('/internal/site-messages', { kind: 'other' })).rejects.toMatchObject({ status: 400 });
  });
});
