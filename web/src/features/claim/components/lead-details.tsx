import type { ClaimLead } from '../api/claim-calls';

const ACRONYMS = new Set(['hvac']);
/** A catalogue value as words: home_services → Home Services, hvac → HVAC. */
const pretty = (value: string) =>
  value
    .split('_')
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** The lead's fields as the claim page shows them. */
export function LeadDetails({ lead }: { lead: ClaimLead }) {
  return (
    <dl className="detail-list">
      <dt>Customer</dt>
      <dd>{lead.customer_name}</dd>
      <dt>ZIP Code</dt>
      <dd>{lead.zip_code}</dd>
      <dt>Service</dt>
      <dd>
        {pretty(lead.service_category)}
        {lead.sub_service ? ` — ${pretty(lead.sub_service)}` : ''}
      </dd>
      <dt>Phone</dt>
      <dd>{lead.phone.includes('*') ? lead.phone : <a href={`tel:${lead.phone}`}>{lead.phone}</a>}</dd>
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
        <time dateTime={lead.created_at}>{formatTime(lead.created_at)}</time>
      </dd>
    </dl>
  );
}
