import { consumerDefinerFor } from '@leadmarket/platform';
import type { WalletLedgerDatabase } from '../db/database.js';

/** wallet-ledger's consumers: their `trx` knows wallet-ledger's tables. */
export const defineConsumer = consumerDefinerFor<WalletLedgerDatabase>();
