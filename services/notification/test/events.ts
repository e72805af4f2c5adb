import { randomUUID } from 'node:crypto';
import type { EventData, EventType, ServiceName } from '@leadmarket/contracts';
import { leadPricedData, screenedLeadData } from '@leadmarket/gateway/testing';
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

/** A LeadScreened payload for a fresh lead (an HVAC job in 30301 unless overridden). */
export const screenedLead = (over: Partial<EventData<'LeadScreened'>> = {}) =>
  screenedLeadData({
    sub_service: 'hvac',
    zip_code: '30301',
    description: 'AC stopped cooling, need a technician this week.',
    ...over,
  });

/**
 * A valid lead as matching receives it when wallet-ledger does not run: the LeadPriced wallet-ledger
 * would emit for its LeadScreened (the default $20), which carries the lead.
 */
export async function publishValidLead(bus: EventBus, lead: EventData<'LeadScreened'>) {
  return publish(bus, 'wallet-ledger', { type: 'LeadPriced', data: leadPricedData(lead) });
}
