import { z } from 'zod';

/**
 * Zod's default texts do not say which field is wrong. This error map, installed once when
 * contracts is imported (server and browser alike), makes every default message name its field;
 * a schema's own message (the spec's texts) still wins.
 */
const label = (path: readonly PropertyKey[] | undefined) =>
  path && path.length ? path.map(String).join('.') : 'value';

z.config({
  customError: (issue: any) => {
    const field = label(issue.path);
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null
          ? `${field} is required`
          : `${field} must be a ${issue.expected}`;
      case 'too_small':
        if (issue.origin === 'string')
          return issue.minimum <= 1 ? `${field} is required` : `${field} must be at least ${issue.minimum} characters`;
        if (issue.origin === 'array') return `${field} must have at least ${issue.minimum} item(s)`;
        return `${field} must be at least ${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string') return `${field} must be at most ${issue.maximum} characters`;
        if (issue.origin === 'array') return `${field} must have at most ${issue.maximum} items`;
        return `${field} must be at most ${issue.maximum}`;
      case 'invalid_format':
        return `${field} must be a valid ${issue.format === 'regex' ? 'value' : issue.format}`;
      case 'invalid_value':
        return `${field} must be one of: ${(issue.values ?? []).map(String).join(', ')}`;
      case 'unrecognized_keys':
        return `Unknown field(s): ${(issue.keys ?? []).join(', ')}`;
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
