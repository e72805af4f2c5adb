import { API_KEY_SCOPE_NAMES, type ApiKeyScope, type ApiKeyView } from '@leadmarket/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ApiKeysTable, ContractorsDatabase } from './database.js';

type ApiKeyRow = Selectable<ApiKeysTable>;

const iso = (v: Date | string) => new Date(v).toISOString();
/** Scopes as stored (jsonb: an array, or its text from a driver that does not parse it), known ones only. */
export const scopesOf = (v: unknown): ApiKeyScope[] => {
  const list: unknown = typeof v === 'string' ? JSON.parse(v) : v;
  return Array.isArray(list) ? API_KEY_SCOPE_NAMES.filter((s) => list.includes(s)) : [];
};

export function toApiKeyView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    last_four: row.last_four,
    created_at: iso(row.created_at),
    last_used_at: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}

export interface NewApiKey {
  id: string;
  tokenHash: string;
  contractorId: string;
  name: string;
  scopes: ApiKeyScope[];
  lastFour: string;
}

/**
 * Insert a key unless the contractor already holds `max` (or is deleted), in `trx`: the contractor's
 * row is locked first, so two creates at once cannot both see room for one. Undefined when refused.
 */
export async function insertApiKeyWithin(
  trx: Kysely<ContractorsDatabase>,
  key: NewApiKey,
  max: number,
): Promise<ApiKeyRow | 'limit' | undefined> {
  const owner = await trx
    .selectFrom('contractors')
    .select('id')
    .where('id', '=', key.contractorId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!owner) return undefined;
  const { n } = await trx
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('contractor_id', '=', key.contractorId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= max) return 'limit';
  return trx
    .insertInto('api_keys')
    .values({
      id: key.id,
      token_hash: key.tokenHash,
      contractor_id: key.contractorId,
      name: key.name,
      scopes: JSON.stringify(key.scopes),
      last_four: key.lastFour,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A contractor's keys, newest first. */
export async function listApiKeys(db: Kysely<ContractorsDatabase>, contractorId: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('contractor_id', '=', contractorId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Delete one key of a contractor (revoked); whether it existed. */
export async function deleteApiKey(
  db: Kysely<ContractorsDatabase>,
  contractorId: string,
  keyId: string,
): Promise<boolean> {
  const row = await db
    .deleteFrom('api_keys')
    .where('id', '=', keyId)
    .where('contractor_id', '=', contractorId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Delete every key of a contractor (the account is deleted). */
export async function deleteApiKeysOf(db: Kysely<ContractorsDatabase>, contractorId: string): Promise<void> {
  await db.deleteFrom('api_keys').where('contractor_id', '=', contractorId).execute();
}

/** The live key with this hash, of a contractor who is not deleted. */
export async function findApiKeyByHash(db: Kysely<ContractorsDatabase>, tokenHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('contractors', 'contractors.id', 'api_keys.contractor_id')
    .select(['api_keys.id', 'api_keys.contractor_id', 'api_keys.scopes', 'api_keys.last_used_at'])
    .where('api_keys.token_hash', '=', tokenHash)
    .where('contractors.deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Record that a key was used now, unless that was recorded in the last `seconds` (another instance,
 * or a call a moment ago): at most one write per key per that long, whatever the call rate.
 */
export async function touchApiKey(db: Kysely<ContractorsDatabase>, keyId: string, seconds: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql`now()` })
    .where('id', '=', keyId)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`),
      ]),
    )
    .execute();
}
