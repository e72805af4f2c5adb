import { z } from 'zod';
import { FIELD_MESSAGES } from './field-messages.js';

/**
 * Zod's default texts do not say which field is wrong, and a wire name ("zip_code must be …") is
 * not a word a person knows. This error map, installed once when contracts is imported (server and
 * browser alike), writes every default message from the field-message catalogue with the field's
 * human label; a schema's own message (the spec's texts) still wins.
 */
z.config({
  // In the browser, never compile parsers with `new Function`: the site's CSP forbids eval, and
  // zod's probe for it would be reported as a violation on every page that parses (admin).
  jitless: 'window' in globalThis,
  customError: (issue) => {
    const path = issue.path as readonly PropertyKey[] | undefined;
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null || issue.input === ''
          ? FIELD_MESSAGES.required(path)
          : FIELD_MESSAGES.invalid(path);
      case 'too_small':
        if (issue.origin === 'string')
          return issue.minimum <= 1
            ? FIELD_MESSAGES.required(path)
            : FIELD_MESSAGES.tooShort(path, Number(issue.minimum));
        if (issue.origin === 'array') return FIELD_MESSAGES.tooFewItems(path, Number(issue.minimum));
        return FIELD_MESSAGES.tooSmallNumber(path, Number(issue.minimum));
      case 'too_big':
        if (issue.origin === 'string') return FIELD_MESSAGES.tooLong(path, Number(issue.maximum));
        if (issue.origin === 'array') return FIELD_MESSAGES.tooManyItems(path, Number(issue.maximum));
        return FIELD_MESSAGES.tooBigNumber(path, Number(issue.maximum));
      case 'invalid_format':
        return issue.format === 'email' ? FIELD_MESSAGES.email : FIELD_MESSAGES.invalid(path);
      case 'invalid_value':
      case 'invalid_union':
        return FIELD_MESSAGES.invalid(path);
      case 'unrecognized_keys':
        return FIELD_MESSAGES.unknownFields;
      default:
        return undefined;
    }
  },
});

/** The first issue of a failed parse as the `{ detail, message, field }` answer body. */
export function describeZodError(error: z.ZodError): { detail: string; message: string; field?: string } {
  const issue = error.issues[0];
  const field = issue && issue.path.length ? issue.path.map(String).join('.') : undefined;
  const message = issue?.message ?? 'Invalid request';
  return { detail: message, message, ...(field ? { field } : {}) };
}
