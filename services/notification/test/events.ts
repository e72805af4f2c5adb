import { randomUUID } from 'node:crypto';
import type { EventType, ServiceName } from '@leadmarket/contracts';
import { buildEnvelope, type EventBus, type NewEvent } from '@leadmarket/platform';

/** Publish an event as its owning service would (the envelope is validated against its schema). */
export async function publish<T extends EventType>(bus: EventBus, producer: ServiceName, event: NewEvent<T>) {
  const envelope = buildEnvelope(producer, event);
  await bus.publish(envelope);
  return envelope;
}

export const now = () => new Date().toISOString();

/** A contractor profile in the shape of the Contractor* events. */
export const contractorProfile = (
  over: Partial<{
    contractor_id: string;
    phone: string;
    industry: string;
    sub_service: string;
    zip_codes: string[];
    sms_opt_in: boolean;
  }> = {},
) => ({
  contractor_id: randomUUID(),
  business_name: 'Cool Air LLC',
  contact_name: 'Pat Doe',
  email: 'pat@example.com',
  phone: '(404) 555-0101',
  industry: 'home_services',
  sub_service: 'hvac',
  zip_codes: ['30301'],
  sms_opt_in: true,
  ...over,
});

/** A LeadScreened payload for a fresh lead. */
export const screenedLead = (
  over: Partial<{
    lead_id: string;
    status: 'valid' | 'rejected';
    zip_code: string;
    service_category: string;
    sub_service: string;
    preferred_contractor_id: string | null;
  }> = {},
) => ({
  lead_id: randomUUID(),
  status: 'valid' as 'valid' | 'rejected',
  validation_summary: {
    phone_valid: true,
    email_valid: true,
    content_valid: true,
    is_duplicate: false,
    ip_rate_ok: true,
  },
  reasons: [] as string[],
  service_category: 'home_services',
  sub_service: 'hvac',
  zip_code: '30301',
  urgency: 'Standard' as const,
  description: 'AC stopped cooling, need a technician this week.',
  preferred_contractor_id: null as string | null,
  is_test: false,
  submitted_at: now(),
  screened_at: now(),
  ...over,
});
