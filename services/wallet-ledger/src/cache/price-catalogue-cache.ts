import type { Kysely } from 'kysely';
import type { WalletLedgerDatabase } from '../db/database.js';
import { loadPriceCatalogue } from '../db/price-catalogue.repository.js';
import type { PriceCatalogue } from '../domain/price-catalogue.js';

/**
 * The price catalogue of this instance, read once and kept until its version moves
 * (docs/adr/0022-price-catalogue-cached-by-version.md). Prices change a few times a day and
 * every screened lead needs them: read per lead they cost two statements. Nothing here decides
 * whether a copy is current: the statement that fixes a price checks the version in PostgreSQL
 * (fixScreenedLeadPrice), and a mismatch makes the caller `forget` this copy and read it again.
 */
export class PriceCatalogueCache {
  private current?: PriceCatalogue;

  /** The kept catalogue, or a fresh read through `db` when none is kept. */
  async get(db: Kysely<WalletLedgerDatabase>): Promise<PriceCatalogue> {
    if (this.current) return this.current;
    const loaded = await loadPriceCatalogue(db);
    this.keep(loaded);
    return loaded;
  }

  /** Two reads racing: keep the newer (an older one would only be found stale by the next price). */
  private keep(loaded: PriceCatalogue): void {
    if (!this.current || BigInt(loaded.version) > BigInt(this.current.version)) this.current = loaded;
  }

  /** Drop the kept copy if it is still `version` (PostgreSQL has a newer one). */
  forget(version: string): void {
    if (this.current?.version === version) this.current = undefined;
  }
}
