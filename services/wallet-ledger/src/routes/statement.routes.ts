import { functionPath, INTERNAL_CALLS, WalletStatementQuerySchema, type InternalResponse } from '@leadmarket/contracts';
import { contractorIdOf, type ServiceApp } from '@leadmarket/platform';
import { z } from 'zod';
import { walletStatement } from '../db/statement.repository.js';
import { statementCsv } from '../domain/statement.js';
import type { WalletContext } from '../context.js';

/** The CSV download holds the whole statement (up to this many lines), not one page. */
const CSV_MAX_LINES = 10_000;

/** get-wallet-statement (the signed-in contractor's own wallet, JSON or CSV) and its internal twin for admin. */
export function registerStatementRoutes(app: ServiceApp, ctx: WalletContext): void {
  app.get(
    functionPath('get-wallet-statement'),
    { schema: { querystring: WalletStatementQuerySchema } },
    async (request, reply) => {
      // Only the session's own wallet: the gateway refuses a contractor_id that is not the session's.
      const contractorId = contractorIdOf(request);
      const { limit, offset, format } = request.query;
      if (format === 'csv') {
        const all = await walletStatement(ctx.db, contractorId, { limit: CSV_MAX_LINES, offset: 0 });
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="wallet-statement-${new Date().toISOString().slice(0, 10)}.csv"`,
          )
          .send(statementCsv(all.entries));
      }
      return walletStatement(ctx.db, contractorId, { limit, offset });
    },
  );

  app.get(
    INTERNAL_CALLS.walletStatement.path,
    {
      schema: {
        params: z.object({ contractor_id: z.string().trim().min(1).max(200) }),
        querystring: INTERNAL_CALLS.walletStatement.query,
      },
    },
    async (request): Promise<InternalResponse<'walletStatement'>> => {
      const { limit, offset } = request.query;
      return walletStatement(ctx.db, request.params.contractor_id, { limit, offset });
    },
  );
}
