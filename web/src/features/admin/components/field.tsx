import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled form field: `.admin-field` wrapper, a label for `id`, then the control. */
export function Field({
  id,
  label,
  hideLabel = false,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `admin-field ${className}` : 'admin-field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled text input: a `Field` around an `<input>` given the remaining props. */
export function TextField({
  id,
  label,
  hideLabel,
  className,
  ...inputProps
}: { id: string; label: ReactNode; hideLabel?: boolean; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} hideLabel={hideLabel} className={className}>
      <input id={id} {...inputProps} />
    </Field>
  );
}
