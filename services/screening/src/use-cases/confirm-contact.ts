import { toE164, type ContactConfirmation, type EventData } from '@leadmarket/contracts';
import { HttpError, hashToken, preparedRead, randomToken, type NewEvent } from '@leadmarket/platform';
import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ScreeningConfig } from '../config.js';
import type { ScreeningContext } from '../context.js';
import type { ContactConfirmationsTable, ScreeningDatabase } from '../db/database.js';

/**
 * The customer's phone confirmation (docs/adr/0045-phone-confirmed-before-the-offer.md). An accepted lead gets a 6-digit code and a
 * one-tap link by SMS; screening keeps only their hashes, the code's expiry, the wrong tries and
 * how many codes were sent. A confirmation is LeadContactConfirmed, written with it.
 */

type Row = Selectable<ContactConfirmationsTable>;

/** A fresh 6-digit code, every value equally likely. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * What is stored of a code: bound to its lead, so equal codes of two leads hash apart. Six digits
 * are few: the hash keeps the code out of sight, not out of reach of a reader of this table who
 * tries every value; the code's short life and the bounded tries are what protect it.
 */
export const codeHash = (leadId: string, code: string): string => hashToken(`contact-code:v1:${leadId}:${code}`);

/** A code and link freshly made, with what the row keeps of them. */
function freshSecrets(leadId: string) {
  const code = newCode();
  const linkToken = randomToken(24);
  return { code, linkToken, codeHash: codeHash(leadId, code), linkHash: hashToken(linkToken) };
}

const WORDS = {
  waiting: 'We texted you a 6-digit code. Type it here to confirm your phone number.',
  confirmed: 'Phone confirmed. Thank you! Matched professionals will see that your number is confirmed.',
  expired: 'This code has expired. Ask for a new code and we will text it to you.',
  locked: 'This code was typed wrong too many times. Ask for a new code and we will text it to you.',
  lockedNoResend:
    'This code was typed wrong too many times, and no more codes can be sent for this request. You can send your request again.',
  expiredNoResend:
    'This code has expired, and no more codes can be sent for this request. You can send your request again.',
  none: 'This request has no phone confirmation.',
  unknown: 'We could not find this request.',
  badLink: 'This confirmation link does not work. Please type the 6-digit code from the text message instead.',
};

/** Where a confirmation stands at `now`, in the words the thank-you page shows. */
export function confirmationState(row: Row | undefined, config: ScreeningConfig, now: Date): ContactConfirmation {
  if (!row)
    return {
      lead_id: '',
      state: 'none',
      message: WORDS.none,
      confirmed_at: null,
      expires_at: null,
      tries_left: 0,
      resends_left: 0,
      resend_after_seconds: 0,
    };
  const resendsLeft = row.confirmed_at ? 0 : Math.max(0, config.CONFIRM_CODE_SENDS - row.issue);
  const nextSend = new Date(row.sent_at).getTime() + config.CONFIRM_RESEND_SECONDS * 1000;
  const base = {
    lead_id: row.lead_id,
    confirmed_at: row.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
    tries_left: Math.max(0, config.CONFIRM_CODE_TRIES - row.tries),
    resends_left: resendsLeft,
    resend_after_seconds: resendsLeft > 0 ? Math.max(0, Math.ceil((nextSend - now.getTime()) / 1000)) : 0,
  };
  if (row.confirmed_at) return { ...base, state: 'confirmed', message: WORDS.confirmed, expires_at: null };
  const expiresAt = new Date(row.expires_at).toISOString();
  if (row.tries >= config.CONFIRM_CODE_TRIES)
    return {
      ...base,
      state: 'locked',
      message: resendsLeft ? WORDS.locked : WORDS.lockedNoResend,
      expires_at: expiresAt,
    };
  if (new Date(row.expires_at).getTime() <= now.getTime())
    return {
      ...base,
      state: 'expired',
      message: resendsLeft ? WORDS.expired : WORDS.expiredNoResend,
      expires_at: expiresAt,
    };
  return { ...base, state: 'waiting', message: WORDS.waiting, expires_at: expiresAt };
}

/** The first code's row: one per accepted lead, so compiled once and prepared (docs/adr/0027). */
const insertFirstCode = preparedRead(
  (
    db: Kysely<ScreeningDatabase>,
    p: Pick<Row, 'lead_id' | 'code_hash' | 'link_hash' | 'service_category' | 'sub_service'> & {
      expires_at: Date;
      sent_at: Date;
    },
  ) =>
    db
      .insertInto('contact_confirmations')
      .values({
        lead_id: p.lead_id,
        code_hash: p.code_hash,
        link_hash: p.link_hash,
        expires_at: p.expires_at,
        sent_at: p.sent_at,
        service_category: p.service_category,
        sub_service: p.sub_service,
      })
      .onConflict((oc) => oc.column('lead_id').doNothing())
      .returning('lead_id'),
);

/**
 * In the transaction of an accepted lead's verdict: its first code, stored as hashes, and the event
 * that has notification text it. A repeat (the row exists) makes and sends nothing.
 */
export async function issueFirstCode(
  trx: Kysely<ScreeningDatabase>,
  config: ScreeningConfig,
  lead: { lead_id: string; phone: string; service_category: string; sub_service: string },
  now: Date,
  /** `toE164(lead.phone)`, when the caller has it already (screening's parse of the phone). */
  phone: string | null = toE164(lead.phone),
): Promise<NewEvent<'ContactCodeIssued'> | undefined> {
  if (!phone) return undefined;
  const secrets = freshSecrets(lead.lead_id);
  const expiresAt = new Date(now.getTime() + config.CONFIRM_CODE_TTL_SECONDS * 1000);
  const [stored] = await insertFirstCode(trx, {
    lead_id: lead.lead_id,
    code_hash: secrets.codeHash,
    link_hash: secrets.linkHash,
    expires_at: expiresAt,
    sent_at: now,
    service_category: lead.service_category,
    sub_service: lead.sub_service,
  });
  if (!stored) return undefined;
  return codeEvent(lead, phone, secrets, 1, expiresAt);
}

/** `issueFirstCodes`' insert, compiled once and prepared: the rows as arrays, any count. */
const insertFirstCodes = preparedRead(
  (
    db: Kysely<ScreeningDatabase>,
    p: {
      leadIds: string[];
      codeHashes: string[];
      linkHashes: string[];
      expires: string[];
      sent: string[];
      categories: string[];
      subServices: string[];
    },
  ) =>
    db
      .insertInto('contact_confirmations')
      .columns(['lead_id', 'code_hash', 'link_hash', 'expires_at', 'sent_at', 'service_category', 'sub_service'])
      .expression(
        sql`select * from unnest(${p.leadIds}::uuid[], ${p.codeHashes}::text[], ${p.linkHashes}::text[],
              ${p.expires}::timestamptz[], ${p.sent}::timestamptz[], ${p.categories}::text[], ${p.subServices}::text[])`,
      )
      .onConflict((oc) => oc.column('lead_id').doNothing())
      .returning('lead_id'),
);

/**
 * `issueFirstCode` for several accepted leads (a run of verdicts), in one statement: each lead's
 * code event by lead id, none for a lead without a phone in E.164 or whose row existed.
 */
export async function issueFirstCodes(
  trx: Kysely<ScreeningDatabase>,
  config: ScreeningConfig,
  leads: Array<{
    lead: { lead_id: string; phone: string; service_category: string; sub_service: string };
    now: Date;
    /** As issueFirstCode's `phone`. */
    phone: string | null;
  }>,
): Promise<Map<string, NewEvent<'ContactCodeIssued'>>> {
  const codes = leads
    .filter((l): l is typeof l & { phone: string } => l.phone !== null)
    .map(({ lead, now, phone }) => ({
      lead,
      phone,
      now,
      secrets: freshSecrets(lead.lead_id),
      expiresAt: new Date(now.getTime() + config.CONFIRM_CODE_TTL_SECONDS * 1000),
    }));
  if (codes.length === 0) return new Map();
  const stored = await insertFirstCodes(trx, {
    leadIds: codes.map((c) => c.lead.lead_id),
    codeHashes: codes.map((c) => c.secrets.codeHash),
    linkHashes: codes.map((c) => c.secrets.linkHash),
    expires: codes.map((c) => c.expiresAt.toISOString()),
    sent: codes.map((c) => c.now.toISOString()),
    categories: codes.map((c) => c.lead.service_category),
    subServices: codes.map((c) => c.lead.sub_service),
  });
  const issued = new Set(stored.map((r) => r.lead_id));
  return new Map(
    codes
      .filter((c) => issued.has(c.lead.lead_id))
      .map((c) => [c.lead.lead_id, codeEvent(c.lead, c.phone, c.secrets, 1, c.expiresAt)]),
  );
}

const codeEvent = (
  lead: { lead_id: string; service_category: string; sub_service: string },
  phone: string | null,
  secrets: { code: string; linkToken: string },
  issue: number,
  expiresAt: Date,
): NewEvent<'ContactCodeIssued'> => ({
  type: 'ContactCodeIssued',
  data: {
    lead_id: lead.lead_id,
    phone,
    code: secrets.code,
    link_token: secrets.linkToken,
    issue,
    expires_at: expiresAt.toISOString(),
    service_category: lead.service_category,
    sub_service: lead.sub_service,
  },
});

const confirmedEvent = (leadId: string, method: 'code' | 'link', at: Date): NewEvent<'LeadContactConfirmed'> => ({
  type: 'LeadContactConfirmed',
  data: {
    lead_id: leadId,
    channel: 'phone',
    method,
    confirmed_at: at.toISOString(),
  } satisfies EventData<'LeadContactConfirmed'>,
});

/** Where a lead's confirmation stands (the thank-you page on load and after a reload). */
export async function confirmationStatus(ctx: ScreeningContext, leadId: string): Promise<ContactConfirmation> {
  const row = await ctx.db
    .selectFrom('contact_confirmations')
    .selectAll()
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, WORDS.unknown);
  return confirmationState(row, ctx.config, new Date());
}

/**
 * The code the customer typed. A wrong one counts against the code (committed even though the
 * answer is a refusal); at CONFIRM_CODE_TRIES the code is locked and only a new one helps. An
 * expired or locked code is refused without being compared.
 */
export async function confirmByCode(ctx: ScreeningContext, leadId: string, code: string): Promise<ContactConfirmation> {
  const now = new Date();
  const outcome = await ctx.transaction(async (trx) => {
    const row = await lockedConfirmation(trx, leadId);
    if (!row) return { error: new HttpError(404, WORDS.unknown) };
    const state = confirmationState(row, ctx.config, now);
    if (state.state === 'confirmed') return { answer: state };
    if (state.state === 'locked') return { error: new HttpError(423, state.message, 'code', { confirmation: state }) };
    if (state.state === 'expired') return { error: new HttpError(410, state.message, 'code', { confirmation: state }) };
    if (codeHash(leadId, code) !== row.code_hash) {
      const tried = await trx
        .updateTable('contact_confirmations')
        .set((eb) => ({ tries: eb('tries', '+', 1) }))
        .where('lead_id', '=', leadId)
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = confirmationState(tried, ctx.config, now);
      const message =
        after.state === 'locked'
          ? after.message
          : `That code is not right. Please check the text message and try again (${after.tries_left} ${
              after.tries_left === 1 ? 'try' : 'tries'
            } left).`;
      return { error: new HttpError(after.state === 'locked' ? 423 : 400, message, 'code', { confirmation: after }) };
    }
    return { answer: await confirm(ctx, trx, row, 'code', now) };
  });
  if (outcome.error) throw outcome.error;
  return outcome.answer;
}

/** The one-tap link: its token names the lead. It works until the code's expiry, locked or not (it cannot be guessed). */
export async function confirmByLink(ctx: ScreeningContext, token: string): Promise<ContactConfirmation> {
  const now = new Date();
  return ctx.transaction(async (trx) => {
    const row = await trx
      .selectFrom('contact_confirmations')
      .selectAll()
      .where('link_hash', '=', hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new HttpError(404, WORDS.badLink);
    const state = confirmationState(row, ctx.config, now);
    if (state.state === 'confirmed') return state;
    if (new Date(row.expires_at).getTime() <= now.getTime())
      throw new HttpError(410, state.state === 'expired' ? state.message : WORDS.expired, 'token', {
        confirmation: state,
      });
    return confirm(ctx, trx, row, 'link', now);
  });
}

async function confirm(
  ctx: ScreeningContext,
  trx: Kysely<ScreeningDatabase>,
  row: Row,
  method: 'code' | 'link',
  now: Date,
): Promise<ContactConfirmation> {
  const confirmed = await trx
    .updateTable('contact_confirmations')
    .set({ confirmed_at: now, confirmed_by: method })
    .where('lead_id', '=', row.lead_id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await ctx.emit(trx, [confirmedEvent(row.lead_id, method, now)]);
  return confirmationState(confirmed, ctx.config, now);
}

/**
 * A new code, texted to the number the last one went to: at most CONFIRM_CODE_SENDS per request,
 * CONFIRM_RESEND_SECONDS apart. The old code and link stop working, and the tries start again.
 */
export async function resendCode(ctx: ScreeningContext, leadId: string): Promise<ContactConfirmation> {
  const now = new Date();
  return ctx.transaction(async (trx) => {
    const row = await lockedConfirmation(trx, leadId);
    if (!row) throw new HttpError(404, WORDS.unknown);
    const state = confirmationState(row, ctx.config, now);
    if (state.state === 'confirmed')
      throw new HttpError(409, 'Your phone number is confirmed already.', undefined, { confirmation: state });
    if (state.resends_left === 0)
      throw new HttpError(429, 'No more codes can be sent for this request.', undefined, { confirmation: state });
    if (state.resend_after_seconds > 0)
      throw new HttpError(
        429,
        `We just texted you a code. You can ask for another in ${state.resend_after_seconds} seconds.`,
        undefined,
        { confirmation: state, retry_after: state.resend_after_seconds },
      );
    const issued = await reissueCode(trx, ctx.config, leadId, now, { unconfirmedOnly: false });
    if (!issued) throw new Error(`confirmation of lead ${leadId} vanished under its lock`);
    const { next, secrets, expiresAt } = issued;
    await ctx.emit(trx, [codeEvent(row, null, secrets, next.issue, expiresAt)]);
    return {
      ...confirmationState(next, ctx.config, now),
      message: 'We texted you a new code. The one before no longer works.',
    };
  });
}

/**
 * The customer gave lead-intake the right number (LeadPhoneChanged): a new code and link go to it,
 * the old ones stop working and the tries start again. lead-intake limits how often a request's
 * number may change, so this is not counted against the resends. A confirmed phone stays confirmed.
 */
export async function codeForNewNumber(
  trx: Kysely<ScreeningDatabase>,
  config: ScreeningConfig,
  leadId: string,
  rawPhone: string,
  now: Date,
): Promise<NewEvent<'ContactCodeIssued'> | undefined> {
  const phone = toE164(rawPhone);
  if (!phone) return undefined;
  const issued = await reissueCode(trx, config, leadId, now, { unconfirmedOnly: true });
  return issued && codeEvent(issued.next, phone, issued.secrets, issued.next.issue, issued.expiresAt);
}

/** A new code and link on the lead's row: the old ones stop working and the tries start again. */
async function reissueCode(
  trx: Kysely<ScreeningDatabase>,
  config: ScreeningConfig,
  leadId: string,
  now: Date,
  { unconfirmedOnly }: { unconfirmedOnly: boolean },
) {
  const secrets = freshSecrets(leadId);
  const expiresAt = new Date(now.getTime() + config.CONFIRM_CODE_TTL_SECONDS * 1000);
  let update = trx
    .updateTable('contact_confirmations')
    .set((eb) => ({
      code_hash: secrets.codeHash,
      link_hash: secrets.linkHash,
      issue: eb('issue', '+', 1),
      expires_at: expiresAt,
      tries: 0,
      sent_at: now,
    }))
    .where('lead_id', '=', leadId);
  if (unconfirmedOnly) update = update.where('confirmed_at', 'is', null);
  const next = await update.returningAll().executeTakeFirst();
  return next && { next, secrets, expiresAt };
}

/** The lead's confirmation row, locked until the transaction ends (a code is judged or replaced once). */
const lockedConfirmation = (trx: Kysely<ScreeningDatabase>, leadId: string) =>
  trx.selectFrom('contact_confirmations').selectAll().where('lead_id', '=', leadId).forUpdate().executeTakeFirst();
