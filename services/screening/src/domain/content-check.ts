import { LEAD_DESCRIPTION_MIN_CHARS } from '@leadmarket/contracts';
import type { CheckResult } from './phone-check.js';

/** Fewer meaningful characters than this is not a job description (the forms check the same number). */
export const MIN_DESCRIPTION_CHARS = LEAD_DESCRIPTION_MIN_CHARS;

const LINK =
  /(https?:\/\/|www\.)|\b[a-z0-9-]+\.(com|net|org|info|biz|ru|cn|xyz|top|io|co|us|click|link|site|online|shop|app)\b/i;
// Six or more of the same visible character in a row ("!!!!!!", "aaaaaa").
const REPEATED = /(\S)\1{5,}/u;
// Seven consonants in a row do not occur in English words ("catchphrase" has six); keyboard mashing is full of them.
const CONSONANT_RUN = /[bcdfghjklmnpqrstvwxz]{7,}/i;

const BANNED_WORDS = [
  'viagra',
  'cialis',
  'casino',
  'bitcoin',
  'crypto',
  'forex',
  'porn',
  'xxx',
  'escort',
  'lottery',
  'make money',
  'work from home',
  'seo services',
  'fuck',
  'shit',
  'bitch',
];
const BANNED = new RegExp(`\\b(${BANNED_WORDS.map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`, 'i');

/** A pattern of whole words or phrases (case-insensitive, any spacing), or undefined for none. */
export function blockedWordsPattern(words: readonly string[]): RegExp | undefined {
  const escaped = words
    .map((w) => w.trim())
    .filter(Boolean)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
  return escaped.length ? new RegExp(`(^|[^\\p{L}\\p{N}])(${escaped.join('|')})($|[^\\p{L}\\p{N}])`, 'iu') : undefined;
}

/** True when letters look like noise: a long consonant run, or almost no vowels in a long text. */
export function looksLikeGibberish(text: string): boolean {
  if (CONSONANT_RUN.test(text)) return true;
  const letters = text.replace(/[^a-z]/gi, '');
  if (letters.length < 15) return false;
  const vowels = letters.replace(/[^aeiouy]/gi, '').length;
  return vowels / letters.length < 0.15;
}

/**
 * Spam and junk checks on the customer's free text. Each reason names the field it was found in
 * (`content:description_*`, `content:name_*`) so the customer is told which field to fix.
 */
export function checkContent(
  input: { description: string; customer_name: string },
  /** The operator's extra blocked words and phrases (the screening desk's rules). */
  blockedWords: readonly string[] = [],
): CheckResult {
  const operatorBlocked = blockedWordsPattern(blockedWords);
  const reasons: string[] = [];
  const description = input.description.trim();
  const name = input.customer_name.trim();
  const meaningful = description.replace(/[^\p{L}\p{N}]/gu, '');
  if (meaningful.length < MIN_DESCRIPTION_CHARS) reasons.push('content:description_too_short');
  for (const [field, text] of [
    ['description', description],
    ['name', name],
  ] as const) {
    if (LINK.test(text)) reasons.push(`content:${field}_link`);
    if (REPEATED.test(text)) reasons.push(`content:${field}_repeated_characters`);
    if (looksLikeGibberish(text)) reasons.push(`content:${field}_gibberish`);
    if (BANNED.test(text) || operatorBlocked?.test(text)) reasons.push(`content:${field}_banned_word`);
  }
  if (!/\p{L}/u.test(name)) reasons.push('content:name_without_letters');
  return { valid: reasons.length === 0, reasons };
}
