import type { ReactNode } from 'react';

/**
 * A fieldset of checkboxes that edits a list of chosen values (an API key's permissions, a webhook's
 * events). `onChange` gets an update of the list as it stands, so quick clicks never lose one.
 */
export function CheckboxList<T extends string>({
  legend,
  name,
  options,
  chosen,
  onChange,
  label,
  describedBy,
  children,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  chosen: readonly T[];
  onChange: (update: (now: T[]) => T[]) => void;
  label: (value: T) => ReactNode;
  describedBy?: string;
  /** Shown after the boxes, inside the fieldset (a hint it is described by). */
  children?: ReactNode;
}) {
  return (
    <fieldset className="dash-api-key-scopes" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {options.map((value) => (
        <label key={value} className="dash-checkbox">
          <input
            type="checkbox"
            name={name}
            value={value}
            checked={chosen.includes(value)}
            onChange={(e) => {
              const checked = e.target.checked;
              onChange((now) => (checked ? [...now, value] : now.filter((v) => v !== value)));
            }}
          />
          <span>{label(value)}</span>
        </label>
      ))}
      {children}
    </fieldset>
  );
}
