import pg from 'pg';

/** PostgreSQL's connection slots as the bench finds them before it starts anything. */
export interface ConnectionHeadroom {
  max: number;
  reserved: number;
  inUse: number;
  free: number;
}

export async function connectionHeadroom(adminUrl: string): Promise<ConnectionHeadroom> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ max: number; reserved: number; in_use: number }>(
      `select current_setting('max_connections')::int as max,
              current_setting('superuser_reserved_connections')::int as reserved,
              (select count(*) from pg_stat_activity where backend_type = 'client backend')::int as in_use`,
    );
    const { max, reserved, in_use: inUse } = rows[0]!;
    return { max, reserved, inUse, free: max - reserved - inUse };
  } finally {
    await client.end();
  }
}

/** How many connections each part of the bench may hold. */
export interface PoolPlan {
  headroom: ConnectionHeadroom;
  /** Left free for everyone else on this shared server. */
  margin: number;
  /** DATABASE_POOL_SIZE of each service process. */
  servicePool: number;
  /** The intake anchor's pool and pgbench's clients (never at the same time). */
  benchClients: number;
  /** Connections the whole bench holds at most. */
  total: number;
}

/** Services in the stack, and their LISTEN connections (one relay each). */
const SERVICES = 7;
const LISTENERS = SERVICES;
/** The bench's own short-lived clients (set-up, token look-ups). */
const BENCH_OWN = 2;

/**
 * Size every pool to the connections PostgreSQL has free now (less a margin for the other users
 * of a shared server), instead of failing mid-way with "sorry, too many clients already".
 * Throws before anything starts when even the smallest workable pools do not fit.
 */
export function planPools(headroom: ConnectionHeadroom): PoolPlan {
  const margin = Math.max(5, Math.ceil(headroom.free * 0.15));
  const usable = headroom.free - margin - LISTENERS - BENCH_OWN;
  const benchClients = Math.min(20, Math.max(2, Math.floor(usable * 0.25)));
  const servicePool = Math.min(10, Math.floor((usable - benchClients) / SERVICES));
  if (servicePool < 2)
    throw new Error(
      `PostgreSQL has ${headroom.free} free connections (max_connections ${headroom.max}, ${headroom.inUse} in use, ` +
        `${headroom.reserved} reserved); the bench needs at least ${margin + LISTENERS + BENCH_OWN + 2 + SERVICES * 2}. ` +
        `Run it when fewer clients are connected.`,
    );
  return {
    headroom,
    margin,
    servicePool,
    benchClients,
    total: SERVICES * servicePool + LISTENERS + BENCH_OWN + benchClients,
  };
}

/**
 * Each service's pool for a script that runs one figure: `BENCH_POOL_SIZE` when set (several runs
 * side by side), else sized to the database's headroom now.
 */
export async function servicePoolSize(): Promise<number> {
  return (
    Number(process.env.BENCH_POOL_SIZE) ||
    planPools(await connectionHeadroom(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'))
      .servicePool
  );
}
