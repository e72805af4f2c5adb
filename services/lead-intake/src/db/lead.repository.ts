import type { ValidationSummary } from '@leadmarket/contracts';
import { preparedRead, type NewEvent, type OutboxWrite } from '@leadmarket/platform';
import { sql, type Kysely, type QueryCreator } from 'kysely';
import type { LeadIntakeDatabase, LeadRow, LeadStatus } from './database.js';

export type { LeadRow, LeadStatus };

/** The fields a new lead is stored with. */
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

/** The verdict a lead is stored with (leads-submit screens before it stores). */
export interface LeadVerdict {
  status: 'valid' | 'rejected';
  validation_summary: ValidationSummary;
  reasons: string[];
  screened_at: Date;
}

/** A screened lead's row values as the prepared statement takes them (JSON columns as text). */
type ScreenedLeadParams = Required<NewLead> & {
  status: 'available' | 'rejected';
  validation_summary: string;
  rejection_reasons: string;
  screened_at: Date;
  /** The duplicate fingerprint an accepted lead claimed, else null (no row). */
  fingerprint: string | null;
};

/** The insert of a screened lead; nothing when its idempotency key exists already. */
const leadInsert = (db: QueryCreator<LeadIntakeDatabase>, lead: ScreenedLeadParams) =>
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
      status: lead.status,
      validation_summary: lead.validation_summary,
      rejection_reasons: lead.rejection_reasons,
      screened_at: lead.screened_at,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id');

/**
 * The LeadScreened a stored lead announces: the job and its verdict, never the customer's contact
 * (wallet-ledger fixes a valid lead's price on it).
 */
export const leadScreenedOf = (lead: NewLead, verdict: LeadVerdict): NewEvent<'LeadScreened'> => ({
  type: 'LeadScreened',
  data: {
    lead_id: lead.id,
    status: verdict.status,
    validation_summary: verdict.validation_summary,
    reasons: verdict.reasons,
    service_category: lead.service_category,
    sub_service: lead.sub_service,
    zip_code: lead.zip_code,
    urgency: lead.urgency,
    description: lead.description,
    preferred_contractor_id: lead.preferred_contractor_id,
    is_test: lead.is_test,
    submitted_at: lead.created_at.toISOString(),
    screened_at: verdict.screened_at.toISOString(),
  },
});

/** The outbox row's values as the statement's own parameters (a prepared builder sees each by name). */
type OutboxParams = { event_id: string; event_type: string; envelope: string; channel: string; token: string };

/**
 * `insertScreenedLead`'s statement, compiled once and prepared: the lead's insert; its fingerprint,
 * the outbox row and the NOTIFY only for a lead it inserted (data-modifying CTEs always run; each
 * reads the insert's rows, which are none after an idempotency-key conflict).
 */
const insertScreenedLeadStatement = preparedRead(
  (db: Kysely<LeadIntakeDatabase>, p: ScreenedLeadParams & OutboxParams) =>
    db
      .with('lead', (db) => leadInsert(db, p))
      .with('fingerprint', (db) =>
        db
          .insertInto('duplicate_fingerprints')
          .columns(['fingerprint', 'lead_id', 'submitted_at'])
          .expression((eb) =>
            eb
              .selectFrom('lead')
              .select([
                sql<string>`${p.fingerprint}::text`.as('fingerprint'),
                'lead.id',
                sql<Date>`${p.created_at}::timestamptz`.as('submitted_at'),
              ])
              .where(sql<boolean>`${p.fingerprint}::text is not null`),
          )
          .returning('lead_id'),
      )
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
      .select(['lead.id', sql<string>`pg_notify(${p.channel}, ${p.token})`.as('notified')]),
);

/**
 * Store a new lead with its verdict, the fingerprint it claimed (if any) and its LeadScreened, in one
 * statement (one round trip; a single statement commits or fails as a whole, as a transaction
 * would). False, with nothing written and no NOTIFY, when a lead with its idempotency key exists.
 */
export async function insertScreenedLead(
  db: Kysely<LeadIntakeDatabase>,
  lead: NewLead,
  verdict: LeadVerdict & { claimedFingerprint?: string },
  event: OutboxWrite,
): Promise<boolean> {
  const rows = await insertScreenedLeadStatement(db, {
    ...lead,
    idempotency_key: lead.idempotency_key ?? null,
    request_hash: lead.request_hash ?? null,
    status: verdict.status === 'valid' ? 'available' : 'rejected',
    validation_summary: JSON.stringify(verdict.validation_summary),
    rejection_reasons: JSON.stringify(verdict.reasons),
    screened_at: verdict.screened_at,
    fingerprint: verdict.claimedFingerprint ?? null,
    event_id: event.id,
    event_type: event.type,
    envelope: event.envelope,
    channel: event.channel,
    token: event.token,
  });
  return rows.length > 0;
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

/** Leads by id (unknown ids are skipped). */
export async function findLeads(db: Kysely<LeadIntakeDatabase>, ids: string[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('leads').selectAll().where('id', 'in', ids).execute();
  return rows;
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

/** Available leads past their offer lifetime become expired; returns their ids (events are emitted in the same transaction). */
export async function expireStaleLeads(
  db: Kysely<LeadIntakeDatabase>,
  olderThan: Date,
  at: Date,
  batch = 500,
): Promise<string[]> {
  const stale = db
    .selectFrom('leads')
    .select('id')
    .where('status', '=', 'available')
    .where('screened_at', '<', olderThan)
    .limit(batch);
  const rows = await db
    .updateTable('leads')
    .set({ status: 'expired', expired_at: at })
    .where('id', 'in', stale)
    .where('status', '=', 'available')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
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
