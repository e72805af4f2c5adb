import { useState, type ChangeEvent } from 'react';
import { useFieldErrors } from './use-field-errors';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
/** The fields of `V` a text control can edit. */
type TextKeys<V> = { [P in keyof V]: V[P] extends string ? P : never }[keyof V] & string;

/**
 * The values and per-field errors of one form, and `field(name)`: the props that wire a TextField,
 * SelectField, TextAreaField or PasswordField to its value and its error (name, value, onChange,
 * error), so a page only declares each field's label and input attributes. Typing in a field clears
 * its error; `fail` shows errors and moves focus to the first invalid field (or the summary).
 * `checked` names the fields that can carry an error (those a 400 answer's `field` may name).
 */
export function useForm<V extends object, K extends keyof V & string = keyof V & string>(
  initial: V | (() => V),
  checked: readonly K[],
) {
  const errors = useFieldErrors(checked);
  const [values, setValues] = useState<V>(initial);
  const isChecked = (key: string): key is K => (checked as readonly string[]).includes(key);

  function set<F extends keyof V & string>(key: F, value: V[F]) {
    setValues((v) => ({ ...v, [key]: value }));
    if (isChecked(key)) errors.clear(key);
  }

  return {
    ...errors,
    values,
    setValues,
    set,
    /** The props of `key`'s control; `transform` rewrites what was typed (e.g. digits only). */
    field<F extends TextKeys<V>>(key: F, transform?: (typed: string) => string) {
      return {
        name: key,
        value: values[key] as string,
        onChange: (e: ChangeEvent<Control>) =>
          set(key, (transform ? transform(e.target.value) : e.target.value) as V[F]),
        error: isChecked(key) ? errors.errors[key] : undefined,
      };
    },
  };
}
