import { useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from './field';

/**
 * Per-field errors of one form: `fail` shows them beside their fields and, once they are on the
 * page, moves focus to the first invalid field (or to `summaryRef`, a focusable error summary);
 * typing in a field clears its error. A 400 answer's `field` is found with `fieldOf`.
 */
export function useFieldErrors<K extends string>(fields: readonly K[]) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) focusFirstInvalid(formRef.current, summaryRef.current);
  }, [focusRequest]);

  return {
    errors,
    formRef,
    summaryRef,
    /** Show these errors (none: only refocus the summary) and move focus to the first. */
    fail(next: Partial<Record<K, string>>) {
      setErrors(next);
      setFocusRequest((n) => n + 1);
    },
    clear(field?: K) {
      setErrors((e) => (field === undefined ? {} : e[field] ? { ...e, [field]: undefined } : e));
    },
    /** The field a server's 400 answer names, if this form has it. */
    fieldOf(body: unknown): K | undefined {
      const field = (body as { field?: unknown } | undefined)?.field;
      return typeof field === 'string' && (fields as readonly string[]).includes(field) ? (field as K) : undefined;
    },
  };
}
