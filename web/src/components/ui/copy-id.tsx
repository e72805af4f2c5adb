import './badges.css';
import { useState } from 'react';

/** The contractor ID as text with a Copy button: the claim page asks for it, so it must be easy to take along. */
export function CopyId({ id, label = 'Your contractor ID' }: { id: string; label?: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(id);
      setCopied('yes');
    } catch {
      // No clipboard permission (or an old browser): the ID stays selectable text.
      setCopied('no');
    }
    setTimeout(() => setCopied(null), 3000);
  }
  return (
    <p className="copy-id">
      <span className="copy-id__label">{label}:</span>{' '}
      <code className="copy-id__value" data-testid="contractor-id">
        {id}
      </code>{' '}
      <button type="button" className="copy-id__button" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
        Copy
      </button>
      <span role="status" className="copy-id__status">
        {copied === 'yes' ? 'Copied' : copied === 'no' ? 'Select the ID to copy it' : ''}
      </span>
    </p>
  );
}
