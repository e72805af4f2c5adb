import { lineTypeLabel, phoneConfirmationWords, type ContactFactsView } from '@leadmarket/contracts/display';
import './badges.css';

/**
 * What a contractor may know of a lead's contact before buying it (docs/adr/0045): whether and
 * when the customer confirmed the phone with the texted code, the line type, whether an email was
 * given. In words; a fact the server did not send (an older lead) is left out, never guessed.
 */
export function ContactFacts({ facts, now }: { facts: ContactFactsView; now?: Date }) {
  const confirmed = Boolean(facts.phone_confirmed_at);
  return (
    // A line of words, not a list: a card's own items stay the only list items of a lead list.
    <p className="contact-facts" data-testid="contact-facts">
      <span className={confirmed ? 'contact-facts__confirmed' : 'contact-facts__unconfirmed'}>
        {confirmed ? '✓ ' : ''}
        {phoneConfirmationWords(facts, now)}
      </span>
      {facts.line_type ? <span>{lineTypeLabel(facts.line_type)}</span> : null}
      {facts.email_present == null ? null : <span>{facts.email_present ? 'Email given' : 'No email given'}</span>}
    </p>
  );
}
