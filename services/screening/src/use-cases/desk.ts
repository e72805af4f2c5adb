import type {
  EventData,
  ScreeningRejectionsQuery,
  ScreeningRejectionsResponse,
  ScreeningRules,
} from '@leadmarket/contracts';
import { conflict, HttpError, type NewEvent } from '@leadmarket/platform';
import { sql, type Kysely } from 'kysely';
import type { ScreeningContext } from '../context.js';
import type { ScreeningDatabase } from '../db/database.js';
import { readRules, rulesAnswer } from '../rules.js';

/** Who acted, from where (the audit entry's facts beside the action). */
export interface Actor {
  adminId: string;
  ip: string | null;
  requestId: string | null;
}

const auditEvent = (
  actor: Actor,
  action: string,
  target: { type: string; id: string | null },
  before: unknown,
  after: unknown,
): NewEvent<'AdminActionTaken'> => ({
  type: 'AdminActionTaken',
  data: {
    admin_id: actor.adminId,
    action,
    target_type: target.type,
    target_id: target.id,
    before,
    after,
    ip: actor.ip,
    request_id: actor.requestId,
    occurred_at: new Date().toISOString(),
  },
});

const DAY_MS = 24 * 3600_000;
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * Recent rejections, newest first, by reason (a code or a whole check) and UTC day (released ones
 * stay, marked released); counts per reason for 7 days.
 */
export async function listRejections(
  db: Kysely<ScreeningDatabase>,
  q: ScreeningRejectionsQuery,
): Promise<ScreeningRejectionsResponse> {
  let query = db
    .selectFrom('screenings')
    .where((eb) => eb.or([eb('status', '=', 'rejected'), eb('released_at', 'is not', null)]));
  if (q.from) query = query.where('screened_at', '>=', startOfDay(q.from));
  if (q.to) query = query.where('screened_at', '<', new Date(startOfDay(q.to).getTime() + DAY_MS));
  if (q.reason) {
    const reason = q.reason;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('screening_reasons as r')
          .select('r.id')
          .whereRef('r.lead_id', '=', 'screenings.lead_id')
          .where((w) => (reason.includes(':') ? w('r.code', '=', reason) : w('r.check_name', '=', reason))),
      ),
    );
  }
  const [rows, total, counts] = await Promise.all([
    query
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('screening_reasons as r')
          .whereRef('r.lead_id', '=', 'screenings.lead_id')
          .select(sql<string[]>`coalesce(array_agg(r.code order by r.id), '{}')`.as('codes'))
          .as('codes'),
      )
      .orderBy('screened_at', 'desc')
      .orderBy('lead_id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('screening_reasons as r')
      .innerJoin('screenings as s', 's.lead_id', 'r.lead_id')
      .where('s.status', '=', 'rejected')
      .where('s.screened_at', '>=', new Date(Date.now() - 7 * DAY_MS))
      .select(['r.code as reason', (eb) => eb.fn.countAll().as('count')])
      .groupBy('r.code')
      .orderBy('count', 'desc')
      .orderBy('r.code')
      .execute(),
  ]);
  return {
    rejections: rows.map((r) => ({
      lead_id: r.lead_id,
      reasons: r.codes ?? [],
      service_category: r.service_category,
      sub_service: r.sub_service,
      zip_code: r.zip_code,
      description: r.description,
      is_test: r.is_test,
      submitted_at: new Date(r.submitted_at).toISOString(),
      screened_at: new Date(r.screened_at).toISOString(),
      released_at: r.released_at ? new Date(r.released_at).toISOString() : null,
    })),
    total: Number(total.n),
    page: q.page,
    limit: q.limit,
    counts_7d: counts.map((c) => ({ reason: c.reason, count: Number(c.count) })),
  };
}

/**
 * Release a wrongly rejected lead: the verdict becomes valid (the checks' outcomes and reasons stay
 * as found, with who released it and when), and LeadScreened says so with `released_at`, in the
 * same transaction as the audit record. lead-intake makes the lead available and tells the
 * customer; wallet-ledger prices it; matching offers it.
 */
export async function releaseLead(ctx: ScreeningContext, leadId: string, actor: Actor): Promise<Date> {
  return ctx.transaction(async (trx) => {
    const row = await trx
      .selectFrom('screenings')
      .selectAll()
      .where('lead_id', '=', leadId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'No screened lead has this id.');
    if (row.released_at) throw conflict('This lead was released already.');
    if (row.status !== 'rejected') throw conflict('This lead was not rejected: there is nothing to release.');
    if (!row.service_category || !row.zip_code || !row.urgency)
      throw conflict('This lead was screened before the desk kept its job, so it cannot be released.');
    const reasons = (
      await trx.selectFrom('screening_reasons').select('code').where('lead_id', '=', leadId).orderBy('id').execute()
    ).map((r) => r.code);
    const releasedAt = new Date();
    await trx
      .updateTable('screenings')
      .set({ status: 'valid', released_at: releasedAt, released_by: actor.adminId })
      .where('lead_id', '=', leadId)
      .execute();
    const screened: EventData<'LeadScreened'> = {
      lead_id: leadId,
      status: 'valid',
      validation_summary: {
        phone_valid: row.phone_valid,
        email_valid: row.email_valid,
        content_valid: row.content_valid,
        is_duplicate: row.is_duplicate,
        ip_rate_ok: row.ip_rate_ok,
      },
      reasons: [],
      service_category: row.service_category,
      sub_service: row.sub_service ?? '',
      zip_code: row.zip_code,
      urgency: row.urgency as EventData<'LeadScreened'>['urgency'],
      description: row.description ?? '',
      preferred_contractor_id: row.preferred_contractor_id,
      is_test: row.is_test,
      submitted_at: new Date(row.submitted_at).toISOString(),
      screened_at: releasedAt.toISOString(),
      released_at: releasedAt.toISOString(),
    };
    await ctx.emit(trx, [
      { type: 'LeadScreened', data: screened },
      auditEvent(
        actor,
        'screening.release',
        { type: 'lead', id: leadId },
        { status: 'rejected', reasons },
        { status: 'valid', released_at: releasedAt.toISOString() },
      ),
    ]);
    return releasedAt;
  });
}

/** Change the rules, audited with before and after, in one transaction. */
export async function updateRules(ctx: ScreeningContext, next: ScreeningRules, actor: Actor) {
  const answer = await ctx.transaction(async (trx) => {
    // The row lock orders two operators' changes, so each audit entry's "before" is what it replaced.
    await trx
      .insertInto('screening_rules')
      .values({ id: 1 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx.selectFrom('screening_rules').select('id').where('id', '=', 1).forUpdate().execute();
    const before = rulesAnswer(await readRules(trx, ctx.config));
    const words = [...new Set(next.blocked_words.map((w) => w.trim()).filter(Boolean))];
    const domains = [...new Set(next.blocked_domains.map((d) => d.trim().toLowerCase()).filter(Boolean))];
    await trx
      .updateTable('screening_rules')
      .set({
        blocked_words: words,
        blocked_domains: domains,
        ip_limit: next.ip_limit,
        ip_window_seconds: next.ip_window_seconds,
        updated_at: new Date(),
        updated_by: actor.adminId,
      })
      .where('id', '=', 1)
      .execute();
    const after = rulesAnswer(await readRules(trx, ctx.config));
    const { updated_at: _b, updated_by: _bb, ...beforeRules } = before;
    const { updated_at: _a, updated_by: _ab, ...afterRules } = after;
    await ctx.emit(trx, [
      auditEvent(actor, 'screening.rules_update', { type: 'screening_rules', id: null }, beforeRules, afterRules),
    ]);
    return after;
  });
  ctx.rules.forget();
  return answer;
}
