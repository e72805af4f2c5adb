import { useId, useState, type InputHTMLAttributes } from 'react';

/** A labelled password input with a show/hide toggle (helps on phones). */
export function PasswordField({ label, id, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const inputId = id ?? auto;
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={inputId} className="field-label">
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className="password-row">
        <input id={inputId} className="input" type={shown ? 'text' : 'password'} {...input} />
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
    </div>
  );
}
