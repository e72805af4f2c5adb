import type { ContractorProfile } from '@leadmarket/contracts';
import type { ContractorRow } from '../db/contractor.repository.js';
import { toView } from '../db/contractor.repository.js';

/** The profile carried by ContractorRegistered and ContractorProfileUpdated. */
export function profileEvent(row: ContractorRow): ContractorProfile {
  const { id, created_at: _created, ...view } = toView(row);
  return { contractor_id: id, ...view };
}
