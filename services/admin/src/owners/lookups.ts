import type { ContractorView, InternalResponse } from '@leadmarket/contracts';
import type { ServiceContext } from '@leadmarket/platform';
import { ownerCall } from './owner-call.js';
import type { AdminDatabase } from '../db/database.js';

/** A contractor as the contractors service lists it (docs/internal-api.md); the owner's own type. */
export type OwnerContractor = ContractorView;

/** A lead as lead-intake's lookup answers it. */
export type OwnerLeadSummary = InternalResponse<'leadLookup'>['leads'][number];

const CHUNK = 100;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** Contractors by id (deleted or unknown ids are simply absent). */
export async function contractorsByIds(
  ctx: ServiceContext<AdminDatabase>,
  ids: string[],
): Promise<Map<string, OwnerContractor>> {
  const unique = [...new Set(ids.filter(Boolean))];
  const found = new Map<string, OwnerContractor>();
  for (const part of chunks(unique)) {
    const answer = await ownerCall(ctx, 'contractorList', {
      query: { ids: part.join(','), limit: part.length, page: 1 },
    });
    for (const c of answer.contractors ?? []) found.set(c.id, c);
  }
  return found;
}

/** Lead summaries by id. */
export async function leadsByIds(
  ctx: ServiceContext<AdminDatabase>,
  ids: string[],
): Promise<Map<string, OwnerLeadSummary>> {
  const unique = [...new Set(ids.filter(Boolean))];
  const found = new Map<string, OwnerLeadSummary>();
  for (const part of chunks(unique)) {
    const answer = await ownerCall(ctx, 'leadLookup', { body: { ids: part } });
    for (const lead of answer.leads ?? []) found.set(lead.id, lead);
  }
  return found;
}
