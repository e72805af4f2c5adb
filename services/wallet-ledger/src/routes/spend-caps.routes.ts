import { functionPath, SpendCapsUpdateSchema } from '@leadmarket/contracts';
import { contractorIdOf, type ServiceApp } from '@leadmarket/platform';
import { saveSpendCaps, spendCapsOf } from '../use-cases/spend-caps.js';
import type { WalletContext } from '../context.js';

/**
 * spend-caps: the signed-in contractor's daily and weekly caps, maximum price per lead and
 * auto-reload limits; a field left out is unchanged, an empty one removes the cap.
 */
export function registerSpendCapRoutes(app: ServiceApp, ctx: WalletContext): void {
  app.get(functionPath('spend-caps'), async (request) => spendCapsOf(ctx.db, contractorIdOf(request)));

  app.post(functionPath('spend-caps'), { schema: { body: SpendCapsUpdateSchema } }, async (request) =>
    saveSpendCaps(ctx, contractorIdOf(request), request.body),
  );
}
