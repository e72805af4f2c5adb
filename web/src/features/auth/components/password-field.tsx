import { useState, type InputHTMLAttributes } from 'react';
import { FieldNotes, useFieldDescription } from '../../../components/ui/field';

/** A labelled password input with a show/hide toggle (helps on phones) and its own error beside it. */
export function PasswordField({
  label,
  id,
  error,
  help,
  ...input
}: { label: string; error?: string | null; help?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { controlId: inputId, helpId, errorId, aria } = useFieldDescription(id, help, error);
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={inputId} className="field-label">
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className="password-row">
        <input id={inputId} className="input" type={shown ? 'text' : 'password'} {...aria} {...input} />
        <button
          type="button"
          className="button-link"
          aria-controls={inputId}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
      <FieldNotes help={help} helpId={helpId} error={error} errorId={errorId} />
    </div>
  );
}
