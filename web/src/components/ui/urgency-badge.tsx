import './badges.css';
import { URGENCIES, type Urgency } from '@leadmarket/contracts/constants';

/** The customer's urgency as a badge; from the lead's own urgency (or its price tier), never guessed from a price. */
export function urgencyOf(value: string | null | undefined): Urgency {
  const match = URGENCIES.find((u) => u.toLowerCase() === String(value ?? '').toLowerCase());
  return match ?? 'Standard';
}

export function UrgencyBadge({ urgency }: { urgency: string | null | undefined }) {
  const u = urgencyOf(urgency);
  return (
    <span className={`urgency-badge urgency-badge--${u.toLowerCase()}`} data-testid="urgency">
      {u}
    </span>
  );
}
