import { Alert } from './alert';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldShell {
  label: string;
  /** Extra text under the control, tied to it with aria-describedby. */
  help?: ReactNode;
  /** The field's own error, shown beside it; marks the control aria-invalid and describes it. */
  error?: string | null;
  required?: boolean;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="field-label">
      {label}
      {required && !label.endsWith('*') ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

/**
 * The ids and aria attributes a control needs for its help text and error: the error comes first in
 * aria-describedby so a screen reader reads it before the hint.
 */
export function useFieldDescription(id: string | undefined, help: ReactNode, error: string | null | undefined) {
  const auto = useId();
  const controlId = id ?? auto;
  const helpId = help ? `${controlId}-help` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined;
  return {
    controlId,
    helpId,
    errorId,
    aria: { 'aria-describedby': describedBy, 'aria-invalid': error ? (true as const) : undefined },
  };
}

/** The help and error lines under a control (the error in the error colour, announced politely). */
export function FieldNotes({
  help,
  helpId,
  error,
  errorId,
}: {
  help?: ReactNode;
  helpId?: string;
  error?: string | null;
  errorId?: string;
}) {
  return (
    <>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {help ? (
        <p id={helpId} className="field-help">
          {help}
        </p>
      ) : null}
    </>
  );
}

/** A labelled text input (label tied to the input, help text and error described). */
export function TextField({
  label,
  help,
  error,
  required,
  id,
  ...input
}: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const { controlId, helpId, errorId, aria } = useFieldDescription(id, help, error);
  return (
    <div className="field">
      <Label id={controlId} label={label} required={required} />
      <input id={controlId} required={required} className="input" {...aria} {...input} />
      <FieldNotes help={help} helpId={helpId} error={error} errorId={errorId} />
    </div>
  );
}

/** A labelled select; `placeholder` becomes the empty first option. */
export function SelectField({
  label,
  help,
  error,
  required,
  id,
  placeholder,
  options,
  ...select
}: FieldShell &
  SelectHTMLAttributes<HTMLSelectElement> & {
    placeholder?: string;
    options: ReadonlyArray<{ value: string; label: string }>;
  }) {
  const { controlId, helpId, errorId, aria } = useFieldDescription(id, help, error);
  return (
    <div className="field">
      <Label id={controlId} label={label} required={required} />
      <select id={controlId} required={required} className="input" {...aria} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes help={help} helpId={helpId} error={error} errorId={errorId} />
    </div>
  );
}

/** A labelled multi-line text input. */
export function TextAreaField({
  label,
  help,
  error,
  required,
  id,
  ...area
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { controlId, helpId, errorId, aria } = useFieldDescription(id, help, error);
  return (
    <div className="field">
      <Label id={controlId} label={label} required={required} />
      <textarea id={controlId} required={required} className="input" rows={4} {...aria} {...area} />
      <FieldNotes help={help} helpId={helpId} error={error} errorId={errorId} />
    </div>
  );
}

/**
 * After a failed submit: move focus to the first control marked aria-invalid inside `form` (or to
 * `fallback`, e.g. a focusable error summary), and bring it into view — on a phone the submit button
 * is often far below the field that is wrong.
 */
export function focusFirstInvalid(form: HTMLElement | null, fallback?: HTMLElement | null) {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? fallback ?? null;
  if (!target) return;
  target.focus({ preventScroll: true });
  target.scrollIntoView?.({ block: 'center' });
}

/**
 * A form's message that belongs to no one field (a failed send, a wrong password): focusable, so
 * `useFieldErrors`/`useForm` can move focus to it through `summaryRef` when no field is invalid.
 */
export function FormError({
  message,
  summaryRef,
}: {
  message: string | null | undefined;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  if (!message) return null;
  return (
    <div ref={summaryRef} tabIndex={-1}>
      <Alert kind="error">{message}</Alert>
    </div>
  );
}
