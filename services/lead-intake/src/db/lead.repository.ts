import type { ValidationSummary } from '@leadmarket/contracts';
import { sql, type Kysely } from 'kysely';

/** Lead lifecycle states (DESIGN §2). */
export type LeadStatus =
  'screening' | 'available' | 'rejected' | 'purchased' | 'completed' | 'archived' | 'expired' | 'deleted';

/** A row of `leads` as the code reads it. */
export interface LeadRow {
  id: string;
  customer_name: string;
  phone: string;
  email: string | null;
  zip_code: string;
  service_category: string;
  sub_service: string;
  description: string;
  urgency: 'Standard' | 'Premium' | 'Emergency';
  preferred_contractor_id: string | null;
  client_ip_hash: string | null;
  is_test: boolean;
  status: LeadStatus;
  validation_summary: ValidationSummary | null;
  rejection_reasons: string[] | null;
  created_at: Date;
  screened_at: Date | null;
  purchased_by: string | null;
  purchase_id: string | null;
  price_cents: number | null;
  purchase_channel: string | null;
  purchased_at: Date | null;
  completed_at: Date | null;
  archived_at: Date | null;
  expired_at: Date | null;
  deleted_at: Date | null;
  /** Set when the buyer's refund was approved: the lead leaves Purchased for Refunded. */
  refunded_at: Date | null;
  /** The buyer's first recorded contact with the customer (issue 22). */
  contacted_at?: Date | null;
}

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

/** jsonb columns come back parsed from pg and PGlite alike; this guards a driver returning text. */
const json = <T>(v: unknown): T | null => (v == null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const toRow = (r: any): LeadRow => ({
  ...r,
  validation_summary: json<ValidationSummary>(r.validation_summary),
  rejection_reasons: json<string[]>(r.rejection_reasons),
});

/** Store a new lead in the screening state. False when a lead with its idempotency key already exists. */
export async function insertLead(db: Kysely<any>, lead: NewLead): Promise<boolean> {
  const row = await db
    .insertInto('leads')
    .values({ ...lead, status: 'screening' })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The lead a form's idempotency key created, with the hash of the request that created it. */
export async function findLeadByIdempotencyKey(
  db: Kysely<any>,
  key: string,
): Promise<{ id: string; request_hash: string | null } | undefined> {
  return db.selectFrom('leads').select(['id', 'request_hash']).where('idempotency_key', '=', key).executeTakeFirst();
}

/** One lead by id, any state. */
export async function findLead(db: Kysely<any>, id: string): Promise<LeadRow | undefined> {
  const row = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Leads by id (unknown ids are skipped). */
export async function findLeads(db: Kysely<any>, ids: string[]): Promise<LeadRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('leads').selectAll().where('id', 'in', ids).execute();
  return rows.map(toRow);
}

/** Record screening's verdict; only a lead still in screening moves (a late or repeated verdict changes nothing). */
export async function recordScreening(
  db: Kysely<any>,
  id: string,
  verdict: {
    status: 'valid' | 'rejected';
    validation_summary: ValidationSummary;
    reasons: string[];
    screened_at: Date;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('leads')
    .set({
      status: verdict.status === 'valid' ? 'available' : 'rejected',
      validation_summary: JSON.stringify(verdict.validation_summary),
      rejection_reasons: JSON.stringify(verdict.reasons),
      screened_at: verdict.screened_at,
    })
    .where('id', '=', id)
    .where('status', '=', 'screening')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Record the sale (wallet-ledger decided it): the buying contractor is the lead's assignment. Idempotent. */
export async function recordPurchase(
  db: Kysely<any>,
  id: string,
  purchase: { contractor_id: string; purchase_id: string; price_cents: number; channel: string; purchased_at: Date },
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
  db: Kysely<any>,
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
  return { changed: Number(result.numUpdatedRows) > 0, lead: lead ? toRow(lead) : undefined };
}

/** Leads bought by a contractor (not deleted), newest purchase first; `channel` keeps those bought one way. */
export async function leadsPurchasedBy(
  db: Kysely<any>,
  contractorId: string,
  channel?: 'claim' | 'dashboard',
): Promise<LeadRow[]> {
  let q = db.selectFrom('leads').selectAll().where('purchased_by', '=', contractorId).where('status', '!=', 'deleted');
  if (channel) q = q.where('purchase_channel', '=', channel);
  const rows = await q.orderBy('purchased_at', 'desc').execute();
  return rows.map(toRow);
}

/** Available leads past their offer lifetime become expired; returns their ids (events are emitted in the same transaction). */
export async function expireStaleLeads(db: Kysely<any>, olderThan: Date, at: Date, batch = 500): Promise<string[]> {
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
  return rows.map((r) => r.id as string);
}

/** Mark a lead deleted and drop its customer's contact details (its outbox copy: lead-erasure.repository.ts). */
export async function deleteLead(db: Kysely<any>, id: string, at: Date): Promise<boolean> {
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
export async function markRefunded(db: Kysely<any>, id: string, at: Date): Promise<void> {
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
export async function searchLeads(db: Kysely<any>, q: LeadSearch): Promise<{ leads: LeadRow[]; total: number }> {
  let query = db.selectFrom('leads').where('status', '!=', 'deleted');
  if (q.status && q.status !== 'all') query = query.where('status', '=', q.status);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        ['customer_name', 'phone', 'email', 'zip_code', 'service_category', 'sub_service', 'description'].map((col) =>
          eb(col, 'ilike', like),
        ),
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
  return { leads: rows.map(toRow), total: Number(count.n) };
}

/** Leads that exist (deleted ones excluded), for the admin statistics. */
export async function countLeads(db: Kysely<any>): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '!=', 'deleted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
