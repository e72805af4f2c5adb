// The rule lives in contracts so that wallet-ledger sells by the same rule matching offers by.
export { canonicalTarget, normalizeCatalogValue, targetsMatch } from '@leadmarket/contracts';
