import { MESSAGES } from '@leadmarket/contracts';
import { type TestStack, testStackForFile } from '@leadmarket/gateway/testing';
import { hashPassword } from '@leadmarket/platform';
import { waitFor } from '@leadmarket/platform/testing';
import { describe, expect, it } from 'vitest';
import { DEV_ADMIN_EMAIL, DEV_ADMIN_PASSWORD } from '../src/config.js';
import { insertAdminIfAbsent } from '../src/db/admin.repository.js';
import { EMAIL_NEEDED } from '../src/routes/auth.routes.js';
import { adminToken, auditOf } from './helpers.js';

let stack: TestStack;
const adminDb = () => stack.marketplace.services.get('admin')!.ctx.db;
const internal = (path: string, options: any = {}) => stack.marketplace.clients.call('admin', path, options);

testStackForFile((started) => (stack = started), { env: { ADMIN_LOGIN_MAX_ATTEMPTS: '1000' } });

describe('admin login with the single password field', () => {
  it('says one admin exists, so the password alone logs in', async () => {
    expect((await stack.call('admin-login-options')).body).toEqual({ multiple_admins: false });
    const res = await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, admin: { email: DEV_ADMIN_EMAIL } });
    expect(res.body.session_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const resolved = await internal('/internal/sessions/resolve', { body: { token: res.body.session_token } });
    expect(resolved.account_id).toBe(res.body.admin.id);
  });

  it("refuses a wrong or missing password with 'Invalid password'", async () => {
    const wrong = await stack.call('admin-login', { body: { password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(MESSAGES.admin.invalidPassword);
    const missing = await stack.call('admin-login', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(MESSAGES.admin.invalidPassword);
    const wrongEmail = await stack.call('admin-login', {
      body: { email: 'nobody@example.com', password: DEV_ADMIN_PASSWORD },
    });
    expect(wrongEmail.status).toBe(401);
    expect(wrongEmail.body.message).toBe(MESSAGES.admin.invalidPassword);
  });

  it('stores sessions hashed and ends them at logout (the gateway stops honouring the token)', async () => {
    const token = await adminToken(stack);
    const stored = await adminDb().selectFrom('admin_sessions').select('token_hash').execute();
    expect(stored.map((s: any) => s.token_hash)).not.toContain(token);
    expect((await stack.call('admin-stats', { token })).status).not.toBe(401);
    const out = await stack.call('admin-logout', { method: 'POST', token, body: {} });
    expect(out.status).toBe(200);
    expect((await stack.call('admin-stats', { token })).status).toBe(401);
    const entries = await auditOf(stack, await adminToken(stack), 'admin.logout');
    expect(entries.length).toBeGreaterThanOrEqual(1);
  });

  it('refuses an expired session', async () => {
    const token = await adminToken(stack);
    await adminDb()
      .updateTable('admin_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    await expect(internal('/internal/sessions/resolve', { body: { token } })).rejects.toMatchObject({ status: 401 });
  });

  it('records logins in the audit log with who, what and when', async () => {
    const token = await adminToken(stack);
    const entries = await auditOf(stack, token, 'admin.login');
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries[0]).toMatchObject({ action: 'admin.login', admin_email: DEV_ADMIN_EMAIL, target_type: 'admin' });
    expect(Date.parse(entries[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('validation of admin calls (nothing audited when refused)', () => {
  it("admin-wallet-adjust: 'Contractor ID and amount are required'", async () => {
    const token = await adminToken(stack);
    for (const body of [
      {},
      { contractor_id: 'c1' },
      { amount: 10 },
      { contractor_id: '', amount: 10 },
      { contractor_id: 'c1', amount: 0 },
      { contractor_id: 'c1', amount: 'abc' },
    ]) {
      const res = await stack.call('admin-wallet-adjust', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(MESSAGES.admin.adjustRequired);
    }
    expect(await auditOf(stack, token, 'wallet.adjust')).toHaveLength(0);
  });

  it("admin-bulk-delete-leads: 'Please select leads to delete'", async () => {
    const token = await adminToken(stack);
    for (const body of [{}, { lead_ids: [] }, { lead_ids: 'x' }]) {
      const res = await stack.call('admin-bulk-delete-leads', { method: 'DELETE', token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MESSAGES.admin.selectLeads);
    }
  });

  it("admin-utilities create_lead: 'Please fill in all required fields'", async () => {
    const token = await adminToken(stack);
    const full = {
      action: 'create_lead',
      customer_name: 'Test Person',
      phone: '5551234567',
      service_category: 'HVAC',
      zip_code: '10001',
    };
    for (const field of ['customer_name', 'phone', 'service_category', 'zip_code']) {
      const res = await stack.call('admin-utilities', { token, body: { ...full, [field]: '' } });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toBe(MESSAGES.admin.requiredFields);
    }
    const unknown = await stack.call('admin-utilities', { token, body: { ...full, action: 'drop_tables' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('action');
    expect(await auditOf(stack, token, 'lead.create_test')).toHaveLength(0);
  });

  it('admin-lead-pricing PUT and deletes refuse bad input with 400s naming the field', async () => {
    const token = await adminToken(stack);
    const negative = await stack.call('admin-lead-pricing', {
      method: 'PUT',
      token,
      body: { category: 'HVAC', lead_type: 'standard', price: -1 },
    });
    expect(negative.status).toBe(400);
    expect(negative.body.field).toBe('price');
    const type = await stack.call('admin-lead-pricing', {
      method: 'PUT',
      token,
      body: { category: 'HVAC', lead_type: 'gold', price: 5 },
    });
    expect(type.status).toBe(400);
    expect(type.body.field).toBe('lead_type');
    const noId = await stack.call('admin-delete-contractor', { method: 'DELETE', token, body: {} });
    expect(noId.status).toBe(400);
    expect(noId.body.field).toBe('contractor_id');
    const noLead = await stack.call('admin-delete-lead', { method: 'DELETE', token });
    expect(noLead.status).toBe(400);
    const noContractors = await stack.call('admin-bulk-delete-contractors', {
      method: 'DELETE',
      token,
      body: { contractor_ids: [] },
    });
    expect(noContractors.status).toBe(400);
    const refund = await stack.call('admin-refund-management', {
      token,
      body: { refund_request_id: 'r1', action: 'maybe' },
    });
    expect(refund.status).toBe(400);
    expect(refund.body.field).toBe('action');
  });
});

describe('password reset with type=admin', () => {
  it('emails a link, accepts the token once, ends old sessions and logs in with the new password', async () => {
    const oldSession = await adminToken(stack);
    expect(await internal('/internal/password-reset/request', { body: { email: 'unknown@example.com' } })).toEqual({
      ok: true,
    });
    expect(
      await internal('/internal/password-reset/request', { body: { email: DEV_ADMIN_EMAIL.toUpperCase() } }),
    ).toEqual({ ok: true });
    const events = await adminDb()
      .selectFrom('outbox')
      .selectAll()
      .where('type', '=', 'PasswordResetRequested')
      .execute();
    expect(events).toHaveLength(1);
    const envelope = typeof events[0].envelope === 'string' ? JSON.parse(events[0].envelope) : events[0].envelope;
    expect(envelope.data).toMatchObject({ user_type: 'admin', email: DEV_ADMIN_EMAIL });
    const url = new URL(envelope.data.reset_url);
    expect(url.pathname).toBe('/reset-password');
    expect(url.searchParams.get('type')).toBe('admin');
    // The raw token is emailed (here: the development sink, which keeps the message as sent); the
    // outbox keeps it only until the event is published.
    const emailed = await waitFor(async () => {
      const answer = await stack.marketplace.clients.call<{ messages: Array<{ to: string; body: string }> }>(
        'notification',
        '/internal/outbox',
        { query: { channel: 'email', to: DEV_ADMIN_EMAIL } },
      );
      return answer.messages.map((m) => /[?&]token=([A-Za-z0-9_-]+)/.exec(m.body)?.[1]).find(Boolean);
    }, 'the reset email');
    expect(url.searchParams.get('token')).toMatch(new RegExp(`^(${emailed}|redacted)$`));
    const token = emailed;

    expect(await internal('/internal/password-reset/verify', { query: { token } })).toEqual({ valid: true });
    expect(await internal('/internal/password-reset/verify', { query: { token: 'nope' } })).toEqual({ valid: false });
    await expect(
      internal('/internal/password-reset/complete', { body: { token, password: 'short' } }),
    ).rejects.toMatchObject({
      status: 400,
      body: { message: MESSAGES.reset.tooShort },
    });
    expect(
      await internal('/internal/password-reset/complete', { body: { token, password: 'a-brand-new-password' } }),
    ).toEqual({ success: true });
    await expect(
      internal('/internal/password-reset/complete', { body: { token, password: 'another-password' } }),
    ).rejects.toMatchObject({
      status: 400,
      body: { message: MESSAGES.reset.invalidToken },
    });
    await expect(internal('/internal/sessions/resolve', { body: { token: oldSession } })).rejects.toMatchObject({
      status: 401,
    });
    expect((await stack.call('admin-login', { body: { password: DEV_ADMIN_PASSWORD } })).status).toBe(401);
    const fresh = await adminToken(stack, 'a-brand-new-password');
    expect((await auditOf(stack, fresh, 'admin.password_reset')).length).toBe(1);
  });
});

describe('several admins', () => {
  it('asks for the email when the password alone cannot say who is logging in', async () => {
    await insertAdminIfAbsent(adminDb(), 'Second@Example.com', await hashPassword('second-admin-password', 10));
    expect((await stack.call('admin-login-options')).body).toEqual({ multiple_admins: true });
    const alone = await stack.call('admin-login', { body: { password: 'second-admin-password' } });
    expect(alone.status).toBe(400);
    expect(alone.body).toMatchObject({ field: 'email', message: EMAIL_NEEDED });
    const withEmail = await stack.call('admin-login', {
      body: { email: 'second@example.com', password: 'second-admin-password' },
    });
    expect(withEmail.status).toBe(200);
    expect(withEmail.body.admin.email).toBe('second@example.com');
    const crossed = await stack.call('admin-login', {
      body: { email: 'second@example.com', password: 'a-brand-new-password' },
    });
    expect(crossed.status).toBe(401);
  });
});
