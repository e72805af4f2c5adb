import type { ValidationSummary } from '@leadmarket/contracts';
import { handOffCommitted, preparedRead, type NewEvent, type OutboxWrite } from '@leadmarket/platform';
import { sql, type Kysely, type QueryCreator } from 'kysely';
import type { LeadIntakeDatabase, LeadRow, LeadStatus } from './database.js';

export type { LeadRow, LeadStatus };

/** The fields a new lead is stored with (it starts in screening). */
export type NewLead = Pick<
  LeadRow,
  | 'id'
  | 'customer_name'
  | 'phone'
  | 'email'
  | 'zip_code'
  | 'service_category'
  | 'sub_service'
  | 'description'
  | 'urgency'
  | 'preferred_contractor_id'
  | 'client_ip_hash'
  | 'is_test'
> & { created_at: Date; idempotency_key?: string | null; request_hash?: string | null };

/** The insert of a new lead (it starts in screening); nothing when its idempotency key exists already. */
const leadInsert = (db: QueryCreator<LeadIntakeDatabase>, lead: Required<NewLead>) =>
  db
    .insertInto('leads')
    .values({
      id: lead.id,
      customer_name: lead.customer_name,
      phone: lead.phone,
      email: lead.email,
      zip_code: lead.zip_code,
      service_category: lead.service_category,
      sub_service: lead.sub_service,
      description: lead.description,
      urgency: lead.urgency,
      preferred_contractor_id: lead.preferred_contractor_id,
      client_ip_hash: lead.client_ip_hash,
      is_test: lead.is_test,
      created_at: lead.created_at,
      idempotency_key: lead.idempotency_key,
      request_hash: lead.request_hash,
      status: 'screening',
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id');

const withKeyDefaults = (lead: NewLead): Required<NewLead> => ({
  ...lead,
  idempotency_key: lead.idempotency_key ?? null,
  request_hash: lead.request_hash ?? null,
});

/** The LeadSubmitted a stored lead announces: the lead as the customer sent it, its contact included. */
export const leadSubmittedOf = (lead: NewLead, customerFingerprint: string | null): NewEvent<'LeadSubmitted'> => ({
  type: 'LeadSubmitted',
  data: {
    lead_id: lead.id,
    service_category: lead.service_category,
    sub_service: lead.sub_service,
    zip_code: lead.zip_code,
    urgency: lead.urgency,
    customer_name: lead.customer_name,
    phone: lead.phone,
    email: lead.email,
    description: lead.description,
    preferred_contractor_id: lead.preferred_contractor_id,
    client_ip_hash: lead.client_ip_hash,
    customer_fingerprint: customerFingerprint,
    is_test: lead.is_test,
    submitted_at: lead.created_at.toISOString(),
  },
});

/** The outbox row's values as the statement's own parameters (a prepared builder sees each by name). */
type OutboxParams = { event_id: string; event_type: string; envelope: string };

/**
 * `insertLeadWithEvent`'s statement, compiled once and prepared: the lead's insert; the outbox row
 * only for a lead it inserted (data-modifying CTEs always run; it reads the insert's rows, which are
 * none after an idempotency-key conflict). No NOTIFY: see `insertLeadWithEvent`.
 */
const insertLeadWithEventStatement = preparedRead(
  (db: Kysely<LeadIntakeDatabase>, p: Required<NewLead> & OutboxParams) =>
    db
      .with('lead', (db) => leadInsert(db, p))
      .with('written', (db) =>
        db
          .insertInto('outbox')
          .columns(['id', 'type', 'envelope'])
          .expression((eb) =>
            eb
              .selectFrom('lead')
              .select([
                sql<string>`${p.event_id}::uuid`.as('id'),
                sql<string>`${p.event_type}::text`.as('type'),
                sql<unknown>`${p.envelope}::jsonb`.as('envelope'),
              ]),
          )
          .returning('id'),
      )
      .selectFrom('lead')
      .select('lead.id'),
);

/**
 * Store a new lead in the screening state together with its event's outbox row, in one statement
 * (one round trip, where a transaction of the insert and the outbox write took three: BEGIN, the
 * insert, the outbox write with the COMMIT). A single statement commits or fails as a whole, as
 * the transaction did. Run alone, it has committed once it answers, so the event goes to this
 * process's relay from here (`handOffCommitted`) rather than by a NOTIFY, which would queue the
 * submit's commit behind every other notifying commit of the database. False, with nothing
 * written and nothing handed off, when a lead with its idempotency key already exists.
 */
export async function insertLeadWithEvent(
  db: Kysely<LeadIntakeDatabase>,
  lead: NewLead,
  event: OutboxWrite,
): Promise<boolean> {
  // Inside a transaction the answer would not mean committed: the hand-off would come too early.
  if (db.isTransaction) throw new Error('insertLeadWithEvent commits on its own: call it outside a transaction');
  const rows = await insertLeadWithEventStatement(db, {
    ...withKeyDefaults(lead),
    event_id: event.id,
    event_type: event.type,
    envelope: event.envelope,
  });
  if (rows.length === 0) return false;
  handOffCommitted(event);
  return true;
}

/** The lead a form's idempotency key created, with the hash of the request that created it. */
export async function findLeadByIdempotencyKey(
  db: Kysely<LeadIntakeDatabase>,
  key: string,
): Promise<{ id: string; request_hash: string | null } | undefined> {
  return db.selectFrom('leads').select(['id', 'request_hash']).where('idempotency_key', '=', key).executeTakeFirst();
}

/** One lead by id, any state. */
export async function findLead(db: Kysely<LeadIntakeDatabase>, id: string): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A lead's screening state, only when `key` is the idempotency key its form sent. */
export async function findLeadBySubmitter(
  db: Kysely<LeadIntakeDatabase>,
  id: string,
  key: string,
): Promise<Pick<LeadRow, 'id' | 'status' | 'validation_summary' | 'rejection_reasons' | 'screened_at'> | undefined> {
  return db
    .selectFrom('leads')
    .select(['id', 'status', 'validation_summary', 'rejection_reasons', 'screened_at'])
    .where('id', '=', id)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Leads by id (unknown ids are skipped). */
export async function findLeads(db: Kysely<LeadIntakeDatabase>, ids: string[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('leads').selectAll().where('id', 'in', ids).execute();
  return rows;
}

/** Screening's verdict as stored on the lead. */
export interface ScreeningVerdict {
  status: 'valid' | 'rejected';
  validation_summary: ValidationSummary;
  reasons: string[];
  screened_at: Date;
}

/** A verdict as the leads row stores it. */
interface ScreeningColumns {
  id: string;
  status: 'available' | 'rejected';
  validation_summary: string;
  rejection_reasons: string;
  screened_at: Date;
}

const screeningColumns = (id: string, verdict: ScreeningVerdict): ScreeningColumns => ({
  id,
  status: verdict.status === 'valid' ? 'available' : 'rejected',
  validation_summary: JSON.stringify(verdict.validation_summary),
  rejection_reasons: JSON.stringify(verdict.reasons),
  screened_at: verdict.screened_at,
});

/** The update that records a verdict; only a lead still in screening moves (a late or repeated verdict changes nothing). */
const screeningUpdate = (db: Kysely<LeadIntakeDatabase>, verdict: ScreeningColumns) =>
  db
    .updateTable('leads')
    .set({
      status: verdict.status,
      validation_summary: verdict.validation_summary,
      rejection_reasons: verdict.rejection_reasons,
      screened_at: verdict.screened_at,
    })
    .where('id', '=', verdict.id)
    .where('status', '=', 'screening');

/** What the customer must be told by SMS/email of a verdict that came after their submit answered "pending". */
export type AwaitedVerdict = Pick<
  LeadRow,
  'customer_name' | 'phone' | 'email' | 'service_category' | 'sub_service' | 'is_test'
>;

/** `recordScreening`'s statement, compiled once and prepared (docs/adr/0027). */
const recordScreeningStatement = preparedRead((db: Kysely<LeadIntakeDatabase>, p: ScreeningColumns) =>
  screeningUpdate(db, p).returning([
    'verdict_awaited',
    'customer_name',
    'phone',
    'email',
    'service_category',
    'sub_service',
    'is_test',
  ]),
);

/**
 * Record screening's verdict. Undefined when the lead did not move (a late or repeated verdict);
 * else whether its submit answered "pending" (`awaited`, with the contact to tell the customer).
 * The row lock orders it with `markVerdictAwaited`: whichever runs second sees the other's effect.
 */
export async function recordScreening(
  db: Kysely<LeadIntakeDatabase>,
  id: string,
  verdict: ScreeningVerdict,
): Promise<{ awaited?: AwaitedVerdict } | undefined> {
  const [row] = await recordScreeningStatement(db, screeningColumns(id, verdict));
  if (!row) return undefined;
  const { verdict_awaited, ...contact } = row;
  return verdict_awaited ? { awaited: contact } : {};
}

/** `recordScreenings`' statement, compiled once and prepared (docs/adr/0027): the verdicts as arrays, one row each. */
const recordScreeningsStatement = preparedRead(
  (
    db: Kysely<LeadIntakeDatabase>,
    p: { ids: string[]; statuses: string[]; summaries: string[]; reasons: string[]; screened: string[] },
  ) =>
    db
      .updateTable('leads')
      .from(
        sql<{
          id: string;
          status: 'available' | 'rejected';
          validation_summary: string;
          rejection_reasons: string;
          screened_at: Date;
        }>`unnest(${p.ids}::uuid[], ${p.statuses}::text[], ${p.summaries}::jsonb[], ${p.reasons}::jsonb[], ${p.screened}::timestamptz[])`.as<'v'>(
          sql`v(id, status, validation_summary, rejection_reasons, screened_at)`,
        ),
      )
      .set((eb) => ({
        status: eb.ref('v.status'),
        validation_summary: eb.ref('v.validation_summary'),
        rejection_reasons: eb.ref('v.rejection_reasons'),
        screened_at: eb.ref('v.screened_at'),
      }))
      .whereRef('leads.id', '=', 'v.id')
      .where('leads.status', '=', 'screening')
      .returning([
        'leads.id',
        'leads.verdict_awaited',
        'leads.customer_name',
        'leads.phone',
        'leads.email',
        'leads.service_category',
        'leads.sub_service',
        'leads.is_test',
      ]),
);

/**
 * `recordScreening` for several verdicts in one statement (a batch of LeadScreened), by lead id:
 * the same answer for each as `recordScreening` one after another would give. A lead named twice
 * moves by its first verdict only (the second would find it screened already) and its later ones
 * answer undefined.
 */
export async function recordScreenings(
  db: Kysely<LeadIntakeDatabase>,
  verdicts: Array<{ id: string; verdict: ScreeningVerdict }>,
): Promise<Map<string, { awaited?: AwaitedVerdict }>> {
  const first = new Map<string, ScreeningColumns>();
  for (const { id, verdict } of verdicts) if (!first.has(id)) first.set(id, screeningColumns(id, verdict));
  const columns = [...first.values()];
  if (columns.length === 0) return new Map();
  const rows = await recordScreeningsStatement(db, {
    ids: columns.map((c) => c.id),
    statuses: columns.map((c) => c.status),
    summaries: columns.map((c) => c.validation_summary),
    reasons: columns.map((c) => c.rejection_reasons),
    screened: columns.map((c) => c.screened_at.toISOString()),
  });
  return new Map(rows.map(({ id, verdict_awaited, ...contact }) => [id, verdict_awaited ? { awaited: contact } : {}]));
}

/**
 * An operator released a lead screening had rejected (the screening desk): a rejected lead becomes
 * available with the new verdict. Returns the contact to tell the customer, or undefined when the
 * lead was not rejected (a repeated release changes nothing).
 */
export async function recordRelease(
  db: Kysely<LeadIntakeDatabase>,
  id: string,
  verdict: ScreeningVerdict,
): Promise<AwaitedVerdict | undefined> {
  const columns = screeningColumns(id, verdict);
  return db
    .updateTable('leads')
    .set({
      status: 'available',
      validation_summary: columns.validation_summary,
      rejection_reasons: columns.rejection_reasons,
      screened_at: columns.screened_at,
    })
    .where('id', '=', id)
    .where('status', '=', 'rejected')
    .returning(['customer_name', 'phone', 'email', 'service_category', 'sub_service', 'is_test'])
    .executeTakeFirst();
}

/**
 * leads-submit stopped waiting for screening's answer: mark the lead so its LeadScreened tells the
 * customer, and return its state in the same statement. A lead screened meanwhile (its LeadScreened
 * came first) is returned screened, and the submit answers its verdict after all.
 */
export async function markVerdictAwaited(
  db: Kysely<LeadIntakeDatabase>,
  id: string,
): Promise<Pick<LeadRow, 'status' | 'validation_summary' | 'rejection_reasons' | 'screened_at'> | undefined> {
  return db
    .updateTable('leads')
    .set({ verdict_awaited: sql<boolean>`status = 'screening'` })
    .where('id', '=', id)
    .returning(['status', 'validation_summary', 'rejection_reasons', 'screened_at'])
    .executeTakeFirst();
}

/** Record the sale (wallet-ledger decided it): the buying contractor is the lead's assignment. Idempotent. */
export async function recordPurchase(
  db: Kysely<LeadIntakeDatabase>,
  id: string,
  purchase: {
    contractor_id: string;
    purchase_id: string;
    price_cents: number;
    channel: 'claim' | 'dashboard';
    purchased_at: Date;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('leads')
    .set({
      // A deleted lead stays deleted; anything else becomes purchased.
      status: sql`case when status = 'deleted' then status else 'purchased' end`,
      purchased_by: purchase.contractor_id,
      purchase_id: purchase.purchase_id,
      price_cents: purchase.price_cents,
      purchase_channel: purchase.channel,
      purchased_at: purchase.purchased_at,
    })
    .where('id', '=', id)
    .where('purchased_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Move a purchased lead of `contractorId` to completed or archived; returns the row after the change, or undefined when not theirs. */
export async function setPurchasedLeadState(
  db: Kysely<LeadIntakeDatabase>,
  id: string,
  contractorId: string,
  to: 'completed' | 'archived',
  at: Date,
): Promise<{ changed: boolean; lead?: LeadRow }> {
  const from: LeadStatus[] = to === 'completed' ? ['purchased'] : ['purchased', 'completed'];
  const result = await db
    .updateTable('leads')
    .set(to === 'completed' ? { status: 'completed', completed_at: at } : { status: 'archived', archived_at: at })
    .where('id', '=', id)
    .where('purchased_by', '=', contractorId)
    .where('status', 'in', from)
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  const lead = await db
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', id)
    .where('purchased_by', '=', contractorId)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  return { changed: Number(result.numUpdatedRows) > 0, lead };
}

/** Leads bought by a contractor (not deleted), newest purchase first; `channel` keeps those bought one way. */
export async function leadsPurchasedBy(
  db: Kysely<LeadIntakeDatabase>,
  contractorId: string,
  channel?: 'claim' | 'dashboard',
): Promise<LeadRow[]> {
  let q = db.selectFrom('leads').selectAll().where('purchased_by', '=', contractorId).where('status', '!=', 'deleted');
  if (channel) q = q.where('purchase_channel', '=', channel);
  const rows = await q.orderBy('purchased_at', 'desc').execute();
  return rows;
}

/** Mark a lead deleted and drop its customer's contact details (its outbox copy: lead-erasure.repository.ts). */
export async function deleteLead(db: Kysely<LeadIntakeDatabase>, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('leads')
    .set({
      status: 'deleted',
      deleted_at: at,
      customer_name: 'Deleted',
      phone: '',
      email: null,
      // The customer may have written their contact into the job description too.
      description: '',
      client_ip_hash: null,
      // The buyer's outcome note may quote the customer.
      outcome_note: null,
    })
    .where('id', '=', id)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Mark a refunded lead (RefundDecided approved) without changing who bought it. */
export async function markRefunded(db: Kysely<LeadIntakeDatabase>, id: string, at: Date): Promise<void> {
  await db
    .updateTable('leads')
    .set({ refunded_at: at })
    .where('id', '=', id)
    .where('refunded_at', 'is', null)
    .execute();
}

/** Filters and page of the admin lead list. */
export interface LeadSearch {
  search?: string;
  status?: string;
  /** Creation date order; newest first unless 'oldest'. */
  sort?: 'newest' | 'oldest';
  page: number;
  limit: number;
}

/** The admin lead list: by creation date (newest first by default), searchable by name, phone, email, ZIP, category or sub-service. */
export async function searchLeads(
  db: Kysely<LeadIntakeDatabase>,
  q: LeadSearch,
): Promise<{ leads: LeadRow[]; total: number }> {
  let query = db.selectFrom('leads').where('status', '!=', 'deleted');
  // The admin's filter is free text: a status no lead has matches nothing.
  if (q.status && q.status !== 'all') query = query.where('status', '=', q.status as LeadStatus);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        (
          ['customer_name', 'phone', 'email', 'zip_code', 'service_category', 'sub_service', 'description'] as const
        ).map((col) => eb(col, 'ilike', like)),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', q.sort === 'oldest' ? 'asc' : 'desc')
      // Ties (one batch, one instant) in the same direction, so oldest-first is newest-first reversed.
      .orderBy('id', q.sort === 'oldest' ? 'asc' : 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { leads: rows, total: Number(count.n) };
}

/** Leads that exist (deleted ones excluded), for the admin statistics. */
export async function countLeads(db: Kysely<LeadIntakeDatabase>): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '!=', 'deleted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
