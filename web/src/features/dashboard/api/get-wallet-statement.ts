import type { WalletStatement } from '@leadmarket/contracts';
import { ApiError, functionUrl } from '../../../lib/api';
import { getAs, useDashboardQuery, type Session } from './client';

/** get-wallet-statement: one page (newest first, running balance after each line). */
export const getWalletStatement = (s: Session, offset: number, limit: number) =>
  getAs<WalletStatement>(s, 'get-wallet-statement', { offset, limit });

export const useWalletStatement = (s: Session | null, offset: number, limit: number) =>
  useDashboardQuery(s, 'get-wallet-statement', { offset, limit }, (session) =>
    getWalletStatement(session, offset, limit),
  );

/** The whole statement as a CSV file, fetched with the bearer token (never in a URL) and handed to the browser. */
export async function downloadStatementCsv(s: Session): Promise<void> {
  let response: Response;
  try {
    response = await fetch(functionUrl('get-wallet-statement', { format: 'csv' }), {
      headers: { authorization: `Bearer ${s.token}`, accept: 'text/csv' },
    });
  } catch (error) {
    throw new ApiError(0, undefined, error);
  }
  if (!response.ok) throw new ApiError(response.status, 'Failed to download the statement', undefined);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `wallet-statement-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
