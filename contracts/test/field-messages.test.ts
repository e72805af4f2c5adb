import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CONTRACTOR_MESSAGES,
  ContactRequestSchema,
  describeZodError,
  FIELD_MESSAGES,
  ForgotPasswordRequestSchema,
  InternalCreateLeadRequestSchema,
  LEAD_REASON_PROBLEMS,
  leadProblems,
  LeadSubmitRequestSchema,
  LoginRequestSchema,
  MESSAGES,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  WaitlistSignupRequestSchema,
} from '../src/index.js';

/** Every form a customer or a contractor-to-be fills in, with a body that passes. */
const FORMS: Array<[string, z.ZodObject<any>, Record<string, unknown>]> = [
  [
    'lead',
    LeadSubmitRequestSchema,
    {
      customer_name: 'Jane Doe',
      phone: '(212) 555-0147',
      zip_code: '10001',
      service_category: 'home_services',
      sub_service: 'plumbing',
      description: 'The kitchen sink is leaking.',
      email: 'jane@example.org',
      urgency: 'Standard',
      contractor_id: 'C-1',
      idempotency_key: 'abcdefghijklmnop1234',
    },
  ],
  [
    'admin test lead',
    InternalCreateLeadRequestSchema,
    {
      customer_name: 'Jane Doe',
      phone: '2125550147',
      zip_code: '10001',
      service_category: 'home_services',
      sub_service: 'plumbing',
      description: 'Test',
      email: '',
    },
  ],
  [
    'signup',
    SignupRequestSchema,
    {
      contact_name: 'Ann',
      business_name: 'Ann Co',
      email: 'ann@example.org',
      phone: '2125550147',
      industry: 'home_services',
      sub_service: 'plumbing',
      username: 'ann',
      password: 'secret1',
      confirm_password: 'secret1',
      zip_codes: '10001',
      sms_opt_in: true,
    },
  ],
  ['login', LoginRequestSchema, { username: 'ann', password: 'secret1' }],
  ['forgot password', ForgotPasswordRequestSchema, { email: 'ann@example.org', user_type: 'contractor' }],
  ['reset password', ResetPasswordRequestSchema, { token: 't', password: 'secret12', confirm_password: 'secret12' }],
  [
    'waitlist',
    WaitlistSignupRequestSchema,
    {
      first_name: 'Ann',
      last_name: 'Lee',
      company: 'Ann Co',
      email: 'ann@example.org',
      phone: '2125550147',
      trade: 'plumbing',
    },
  ],
  ['contact', ContactRequestSchema, { name: 'Ann', email: 'ann@example.org', message: 'Hello there' }],
];

/** Values that break a field in every way a client can: missing, empty, blank, wrong type, wrong shape, too long. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  12345,
  true,
  {},
  ['x'],
  'not an email',
  'abc',
  '1234',
  '123456',
  'x'.repeat(6000),
  Array.from({ length: 300 }, () => '1'),
];

const WIRE_NAMES = [...new Set(FORMS.flatMap(([, schema]) => Object.keys(schema.shape)))];

/** A message that says what to do in words: no snake_case, no "<wire name> must/is …", starts with a capital. */
function wireNameIn(message: string): string | undefined {
  if (/[a-z]_[a-z]/i.test(message)) return 'snake_case word';
  if (!/^[A-Z]/.test(message)) return 'not a sentence';
  for (const name of WIRE_NAMES) if (new RegExp(`^${name}\\s+(must|is|should|has|needs)\\b`).test(message)) return name;
  if (/Unknown field/i.test(message)) return 'unknown field list';
  return undefined;
}

/** Every message a client can get for each field of each form. */
function messagesOf(schema: z.ZodObject<any>, valid: Record<string, unknown>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const field of Object.keys(schema.shape)) {
    const seen = new Set<string>();
    for (const bad of BAD_VALUES) {
      const body = { ...valid, [field]: bad };
      if (bad === undefined) delete body[field];
      const parsed = schema.safeParse(body);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) seen.add(issue.message);
      seen.add(describeZodError(parsed.error).message);
    }
    out.set(field, seen);
  }
  // Keys the form does not know.
  const extra = (schema as any).strict().safeParse({ ...valid, some_wire_name: 1 });
  if (!extra.success) out.set('(unknown key)', new Set(extra.error.issues.map((i: any) => i.message)));
  return out;
}

describe('the field-message catalogue', () => {
  it.each(FORMS)('every message of the %s form is free of wire names', (_form, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    const all = messagesOf(schema, valid);
    let count = 0;
    for (const [field, messages] of all)
      for (const message of messages) {
        count++;
        expect(wireNameIn(message), `${field}: "${message}"`).toBeUndefined();
      }
    expect(count).toBeGreaterThan(0);
  });

  it('says what to do for the lead fields a customer gets wrong most', () => {
    const fails = (override: Record<string, unknown>) => {
      const parsed = LeadSubmitRequestSchema.safeParse({ ...FORMS[0]![2], ...override });
      return parsed.success ? undefined : describeZodError(parsed.error);
    };
    expect(fails({ zip_code: '1234' })).toMatchObject({
      message: 'Please enter a 5-digit ZIP code',
      field: 'zip_code',
    });
    expect(fails({ zip_code: 'abcde' })?.message).toBe('Please enter a 5-digit ZIP code');
    expect(fails({ email: 'jane at example' })?.message).toBe('Please enter a valid email address');
    expect(fails({ customer_name: '' })?.message).toBe('Please enter your name');
    expect(fails({ description: '' })?.message).toBe('Please describe what you need');
    expect(fails({ description: 'x'.repeat(5001) })?.message).toBe(
      'Please shorten the description of what you need to 5,000 characters or fewer',
    );
  });

  it("every screening reason's text and every fixed form text is free of wire names", () => {
    const texts = [
      ...Object.values(LEAD_REASON_PROBLEMS).map((p) => p.message),
      ...leadProblems(['phone:type_toll_free', 'email:something_new', 'content:name_new', 'other:x']).map(
        (p) => p.message,
      ),
      ...Object.values(FIELD_MESSAGES).filter((m): m is string => typeof m === 'string'),
      ...Object.values(CONTRACTOR_MESSAGES),
      ...Object.values(MESSAGES.leadSubmit),
      ...Object.values(MESSAGES.signup),
      ...Object.values(MESSAGES.contact),
      ...Object.values(MESSAGES.waitlist),
      MESSAGES.contractor.requiredFields,
      MESSAGES.contractor.invalidEmail,
      MESSAGES.contractor.invalidPhone,
      MESSAGES.contractor.zipRequired,
    ];
    for (const text of texts) expect(wireNameIn(text), text).toBeUndefined();
  });

  it('ties each screening reason to the field the customer should fix', () => {
    expect(leadProblems(['content:name_without_letters'])).toEqual([
      { field: 'customer_name', message: expect.stringMatching(/name/) },
    ]);
    expect(leadProblems(['content:description_gibberish', 'content:description_link']).map((p) => p.field)).toEqual([
      'description',
    ]);
    expect(leadProblems(['phone:type_premium_rate'])[0]!.field).toBe('phone');
  });
});
