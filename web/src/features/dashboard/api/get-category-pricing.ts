import type { CategoryPricingResponseSchema } from '@leadmarket/contracts';
import type { z } from '@leadmarket/contracts/zod';
import { getAs, useDashboardQuery, type Session } from './client';

export type CategoryPricingResponse = z.infer<typeof CategoryPricingResponseSchema>;

/** get-category-pricing: the standard price of each category (`pricing`) and of every tier. */
export const getCategoryPricing = (s: Session) => getAs<CategoryPricingResponse>(s, 'get-category-pricing');

export const useCategoryPricing = (s: Session | null, enabled = true) =>
  useDashboardQuery(s, 'get-category-pricing', {}, getCategoryPricing, enabled);
