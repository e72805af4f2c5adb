import { formatDateTime, formatDollars, formatPhone, humanizeValue, timeAgo } from '@leadmarket/contracts/display';
import { ContactFacts } from '../../../components/ui/contact-facts';
import { UrgencyBadge } from '../../../components/ui/urgency-badge';
import type { ClaimLead } from '../api/claim-calls';

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The lead's fields as the claim page shows them: price and urgency first, then the job. */
export function LeadDetails({ lead }: { lead: ClaimLead }) {
  return (
    <dl className="detail-list">
      {typeof lead.price === 'number' ? (
        <>
          <dt>Price</dt>
          <dd data-testid="claim-price">{formatDollars(lead.price)}</dd>
        </>
      ) : null}
      <dt>Urgency</dt>
      <dd>
        <UrgencyBadge urgency={lead.urgency} />
      </dd>
      <dt>Customer</dt>
      <dd>{lead.customer_name}</dd>
      <dt>ZIP Code</dt>
      <dd>{lead.zip_code}</dd>
      <dt>Service</dt>
      <dd>
        {humanizeValue(lead.service_category)}
        {lead.sub_service && humanizeValue(lead.sub_service) !== humanizeValue(lead.service_category)
          ? ` — ${humanizeValue(lead.sub_service)}`
          : ''}
      </dd>
      <dt>Phone</dt>
      <dd>{lead.phone.includes('*') ? lead.phone : <a href={`tel:${lead.phone}`}>{formatPhone(lead.phone)}</a>}</dd>
      {lead.email ? (
        <>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${lead.email}`}>{lead.email}</a>
          </dd>
        </>
      ) : null}
      <dt>Description</dt>
      <dd>{lead.description}</dd>
      <dt>Submitted</dt>
      <dd>
        <time dateTime={lead.created_at}>{formatDateTime(lead.created_at, localZone())}</time> (
        {timeAgo(lead.created_at)})
      </dd>
      {lead.phone_confirmed_at !== undefined ? (
        <>
          <dt>Contact</dt>
          <dd>
            <ContactFacts facts={lead} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}
