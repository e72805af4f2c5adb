import { z } from 'zod';

/**
 * Text no field may hold: U+0000 (PostgreSQL text cannot store it) and a lone UTF-16 surrogate
 * (not a character at all; it cannot be stored or sent as UTF-8). One rule for every input: the
 * request parsing layer (platform's app and the gateway) applies `findUnsafeText` to every body,
 * query and path parameter before any schema runs, and `safeText()` is the same rule for a schema.
 */
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (text: string): boolean => !UNSAFE_TEXT.test(text);

/** A field name as a person reads it: `zip_code` → "Zip code", `lead.name` → "Name". */
export function fieldInWords(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string' && p !== '');
  if (typeof last !== 'string') return 'The request';
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'The request';
}

export const unsafeTextMessage = (path: readonly PropertyKey[]): string =>
  `${fieldInWords(path)} contains a character that is not allowed (an invisible control or broken character). Please remove it and try again.`;

/**
 * The path of the first string, or object key, in `value` that is not safe text; undefined when
 * all are. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeText(value: unknown): PropertyKey[] | undefined {
  // Each node keeps a link to its parent (not a copy of its path): deep values stay linear in size.
  interface Node {
    value: unknown;
    key?: PropertyKey;
    parent?: Node;
  }
  const pathOf = (node: Node | undefined, last?: PropertyKey): PropertyKey[] => {
    const path: PropertyKey[] = last === undefined ? [] : [last];
    for (let n = node; n && n.key !== undefined; n = n.parent) path.unshift(n.key);
    return path;
  };
  const stack: Node[] = [{ value }];
  while (stack.length) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      if (!isSafeText(current)) return pathOf(node);
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    const entries = Array.isArray(current) ? current.map((v, i) => [i, v] as const) : Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      if (typeof key === 'string' && !isSafeText(key)) return pathOf(node, key);
      stack.push({ value: item, key, parent: node });
    }
  }
  return undefined;
}

/** A string schema with the safe-text rule, for schemas that want it spelled out. */
export const safeText = () => z.string().refine(isSafeText, { error: (issue) => unsafeTextMessage(issue.path ?? []) });
