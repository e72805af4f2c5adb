import type { Kysely } from 'kysely';

/**
 * The tables of whichever service schema a connection was opened on. Platform code (the outbox, the
 * inbox, migrations, the pool itself) serves every service and touches only the tables every schema
 * has, so it cannot name one service's table interfaces; services always use their own typed tables
 * (eslint's typed-tables rule). The one place `any` stands for "some service's tables".
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: any service's schema
export type AnySchemaTables = any;

/** A Kysely over whichever service schema it was opened on (see AnySchemaTables). */
export type AnySchemaDb = Kysely<AnySchemaTables>;
