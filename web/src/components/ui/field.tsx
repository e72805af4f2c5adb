import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldShell {
  label: string;
  /** Extra text under the control, tied to it with aria-describedby. */
  help?: ReactNode;
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

/** A labelled text input (label tied to the input, help text described). */
export function TextField({ label, help, required, id, ...input }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const inputId = id ?? auto;
  const helpId = help ? `${inputId}-help` : undefined;
  return (
    <div className="field">
      <Label id={inputId} label={label} required={required} />
      <input id={inputId} required={required} aria-describedby={helpId} className="input" {...input} />
      {help ? (
        <p id={helpId} className="field-help">
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled select; `placeholder` becomes the empty first option. */
export function SelectField({
  label,
  help,
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
  const auto = useId();
  const selectId = id ?? auto;
  const helpId = help ? `${selectId}-help` : undefined;
  return (
    <div className="field">
      <Label id={selectId} label={label} required={required} />
      <select id={selectId} required={required} aria-describedby={helpId} className="input" {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {help ? (
        <p id={helpId} className="field-help">
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled multi-line text input. */
export function TextAreaField({
  label,
  help,
  required,
  id,
  ...area
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const areaId = id ?? auto;
  const helpId = help ? `${areaId}-help` : undefined;
  return (
    <div className="field">
      <Label id={areaId} label={label} required={required} />
      <textarea id={areaId} required={required} aria-describedby={helpId} className="input" rows={4} {...area} />
      {help ? (
        <p id={helpId} className="field-help">
          {help}
        </p>
      ) : null}
    </div>
  );
}
