import type { PurchaseCreditsResponseSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { postAs, type Session } from './client';

/** contractors-purchase-credits: start a card payment; the answer is the payment page to go to. */
export const startFunding = (s: Session, amount: number) =>
  postAs<z.infer<typeof PurchaseCreditsResponseSchema>>('contractors-purchase-credits', s, { amount });
