import { PRICE_MATRIX_ROWS, type PriceRowRef, type ResolvedPrice } from '@leadmarket/contracts/pricing';

/** The name an operator knows a price row by. */
export function rowLabel(row: PriceRowRef): string {
  return (
    PRICE_MATRIX_ROWS.find((r) => r.category === row.category && r.sub_service === row.sub_service)?.label ??
    row.category
  );
}

/** Where an empty cell's price comes from, in words ("Home Services price", "default"). */
export function sourceText(resolved: ResolvedPrice): string {
  if (resolved.source === 'default') return 'default';
  return `${rowLabel(resolved)} price`;
}
