import { CONTRACTOR_MESSAGES, MESSAGES, SERVICE_CATALOGUE, SMS_CONSENT_WORDING } from '@leadmarket/contracts';
import { startTestStack, type TestStack } from '@leadmarket/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorsDb, outboxEvents, signUp, signupBody } from './helpers.js';

let stack: TestStack;
let me: { id: string; token: string };
beforeAll(async () => {
  stack = await startTestStack();
  me = await signUp(stack);
});
afterAll(async () => {
  await stack?.stop();
});

const profile = {
  business_name: 'Acme Plumbing',
  contact_name: 'Bob Jones',
  email: 'bob.jones@example.com',
  phone: '+1 (555) 987-6543',
  industry: 'home_services',
  sub_service: 'plumbing',
  zip_codes: ['30301', ' 30302 ', ''],
  sms_opt_in: false,
};
const update = (fields: Record<string, unknown>) =>
  stack.call('update-contractor-profile', {
    body: { ...profile, ...fields, contractor_id: me.id, session_token: me.token },
  });

describe('signup validation messages (server side)', () => {
  const cases: Array<[string, Record<string, unknown>, string, number]> = [
    ['a missing required field', { business_name: '' }, MESSAGES.contractor.requiredFields, 400],
    ['missing ZIP codes', { zip_codes: ' ' }, MESSAGES.contractor.requiredFields, 400],
    ['passwords that differ', { confirm_password: 'different-1' }, MESSAGES.signup.passwordsMismatch, 400],
    ['a password under 6', { password: '12345', confirm_password: '12345' }, MESSAGES.signup.tooShort, 400],
    ['a bad email', { email: 'ann at example.com' }, MESSAGES.contractor.invalidEmail, 400],
    ['a bad phone', { phone: '555-12' }, MESSAGES.contractor.invalidPhone, 400],
    ['only commas as ZIP codes', { zip_codes: ', ,' }, MESSAGES.contractor.zipRequired, 400],
    ['a ZIP code that is not 5 digits', { zip_codes: '10001, 1002' }, CONTRACTOR_MESSAGES.zipInvalid, 400],
    ['an unknown industry', { industry: 'space_travel' }, CONTRACTOR_MESSAGES.industryInvalid, 400],
    ['a sub-service of another industry', { sub_service: 'dental' }, CONTRACTOR_MESSAGES.subServiceInvalid, 400],
    ['a bad username', { username: 'a b' }, CONTRACTOR_MESSAGES.usernameInvalid, 400],
  ];
  it.each(cases)('%s', async (_what, overrides, message, status) => {
    const res = await stack.call('contractors-signup', { body: signupBody(undefined, overrides) });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(res.body.detail).toBe(message);
  });

  it('a wrongly typed field is a 400 naming it, never a 5xx', async () => {
    const res = await stack.call('contractors-signup', {
      body: signupBody(undefined, { sms_opt_in: 'yes', email: 42 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBeTruthy();
    const junk = await stack.call('contractors-signup', { rawBody: '{"email":' });
    expect(junk.status).toBe(400);
  });

  it('accepts a 6-character password and ZIP codes as a list', async () => {
    const res = await stack.call('contractors-signup', {
      body: signupBody(undefined, { password: 'abcdef', confirm_password: 'abcdef', zip_codes: ['90210'] }),
    });
    expect(res.status).toBe(201);
  });
});

describe('update-contractor-profile', () => {
  it('checks in the spec order with its messages', async () => {
    const expectMessage = async (fields: Record<string, unknown>, message: string) => {
      const res = await update(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.message).toBe(message);
    };
    // Each case also breaks every later rule, so only the order decides the message.
    await expectMessage(
      { contact_name: ' ', email: 'bad', phone: '1', zip_codes: [] },
      MESSAGES.contractor.requiredFields,
    );
    await expectMessage({ sub_service: '' }, MESSAGES.contractor.requiredFields);
    await expectMessage({ email: 'bad address@x.com', phone: '1', zip_codes: [','] }, MESSAGES.contractor.invalidEmail);
    await expectMessage({ phone: '555 123 45', zip_codes: [' , '] }, MESSAGES.contractor.invalidPhone);
    await expectMessage({ phone: '555-abc-12345' }, MESSAGES.contractor.invalidPhone);
    await expectMessage({ zip_codes: ' , , ' }, MESSAGES.contractor.zipRequired);
    await expectMessage({ zip_codes: ['123456'] }, CONTRACTOR_MESSAGES.zipInvalid);
    await expectMessage({ sub_service: 'hvac', industry: 'legal' }, CONTRACTOR_MESSAGES.subServiceInvalid);
    // Nothing changed.
    const row = await contractorsDb(stack)
      .selectFrom('contractors')
      .selectAll()
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.sub_service).toBe('hvac');
  });

  it('saves a valid profile, records the SMS change and emits ContractorProfileUpdated', async () => {
    const res = await update({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MESSAGES.contractorSuccess.profileUpdated });
    expect(res.body.contractor).toMatchObject({
      id: me.id,
      sub_service: 'plumbing',
      zip_codes: ['30301', '30302'],
      sms_opt_in: false,
    });

    const dash = await stack.call('contractor-auth-check', { body: { session_token: me.token } });
    expect(dash.body.contractor).toMatchObject({
      business_name: 'Acme Plumbing',
      email: 'bob.jones@example.com',
      phone: '+1 (555) 987-6543',
    });

    const events = (await outboxEvents(stack, 'ContractorProfileUpdated')).filter(
      (e) => e.data.contractor_id === me.id,
    );
    expect(events.at(-1)?.data).toMatchObject({
      sub_service: 'plumbing',
      zip_codes: ['30301', '30302'],
      sms_opt_in: false,
    });
    const consents = await contractorsDb(stack)
      .selectFrom('sms_consents')
      .selectAll()
      .where('contractor_id', '=', me.id)
      .orderBy('id')
      .execute();
    expect(consents.map((c) => [c.source, c.opted_in])).toEqual([
      ['signup', true],
      ['profile', false],
    ]);
  });

  it('refuses an email another account holds', async () => {
    const other = await signUp(stack);
    const res = await update({ email: other.body.email });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CONTRACTOR_MESSAGES.emailTaken);
  });

  it('two accounts taking one free email at the same moment: one saves it, the other gets a 409, never a 5xx', async () => {
    const accounts = [await signUp(stack), await signUp(stack)];
    const email = `race.${Date.now().toString(36)}@example.com`;
    // Both pass the "is it taken?" check before either commits; the unique index decides.
    for (let round = 0; round < 5; round++) {
      const wanted = `${round}.${email}`;
      const answers = await Promise.all(
        accounts.map((a) =>
          stack.call('update-contractor-profile', {
            body: { ...profile, email: wanted, contractor_id: a.id, session_token: a.token },
          }),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([200, 409]);
      const refused = answers.find((r) => r.status === 409)!;
      expect(refused.body.message).toBe(CONTRACTOR_MESSAGES.emailTaken);
    }
  });
});

describe('update-contractor-sms', () => {
  it('flips sms_opt_in, records consent with wording and IP, and emits ContractorProfileUpdated', async () => {
    const on = await stack.call('update-contractor-sms', {
      body: { contractor_id: me.id, session_token: me.token, sms_opt_in: true },
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ success: true, sms_opt_in: true, message: MESSAGES.contractorSuccess.smsUpdated });
    const last = await contractorsDb(stack)
      .selectFrom('sms_consents')
      .selectAll()
      .where('contractor_id', '=', me.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ source: 'sms_toggle', opted_in: true, wording: SMS_CONSENT_WORDING });
    expect(last.ip).toBeTruthy();
    const events = (await outboxEvents(stack, 'ContractorProfileUpdated')).filter(
      (e) => e.data.contractor_id === me.id,
    );
    expect(events.at(-1)?.data.sms_opt_in).toBe(true);

    const off = await stack.call('update-contractor-sms', {
      body: { contractor_id: me.id, session_token: me.token, sms_opt_in: false },
    });
    expect(off.body.sms_opt_in).toBe(false);
  });

  it('needs a boolean', async () => {
    const res = await stack.call('update-contractor-sms', {
      body: { contractor_id: me.id, session_token: me.token, sms_opt_in: 'maybe' },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('sms_opt_in');
  });
});

describe('industries and sub-services', () => {
  it('lists every industry of the catalogue as { value, label }', async () => {
    const res = await stack.call('industries');
    expect(res.status).toBe(200);
    expect(res.body.map((o: { value: string }) => o.value)).toEqual([
      'home_services',
      'legal',
      'real_estate',
      'finance',
      'insurance',
      'healthcare',
      'auto',
    ]);
    for (const o of res.body) expect(Object.keys(o).sort()).toEqual(['label', 'value']);
  });

  it('lists the sub-services of an industry', async () => {
    const res = await stack.call('sub-services', { query: { industry: 'home_services' } });
    expect(res.status).toBe(200);
    expect(res.body.map((o: { value: string }) => o.value)).toEqual(
      expect.arrayContaining(['hvac', 'plumbing', 'electrical', 'roofing']),
    );
    for (const industry of SERVICE_CATALOGUE) {
      const r = await stack.call('sub-services', { query: { industry: industry.value } });
      expect(r.body.length).toBeGreaterThan(3);
    }
    const unknown = await stack.call('sub-services', { query: { industry: 'space' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(CONTRACTOR_MESSAGES.unknownIndustry);
    const missing = await stack.call('sub-services');
    expect(missing.status).toBe(400);
  });
});
