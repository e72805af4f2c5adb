import { randomBytes } from 'node:crypto';

// Crockford base32: no I, L, O or U, so an id read aloud or copied from an SMS is hard to mistype.
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ID_CHARS = 10;

/**
 * A new contractor id: 'C-' + 10 Crockford base32 characters (50 random bits).
 * The claim page asks a person to type it, so it is short and unambiguous; 2^50 values make it
 * unguessable enough to be no help to an attacker, and it never grants access by itself (the
 * session and the offer-bound claim token do).
 */
export function newContractorId(random: (n: number) => Buffer = randomBytes): string {
  const bytes = random(ID_CHARS);
  let id = '';
  // Each byte contributes its low 5 bits: 256 is a multiple of 32, so every character is uniform.
  for (let i = 0; i < ID_CHARS; i++) id += CROCKFORD[bytes[i]! & 31];
  return `C-${id}`;
}

/** Reads an id the way a person may type it: case-insensitive, O as 0, I and L as 1, spaces dropped. */
export function normaliseContractorId(input: string): string {
  const upper = input.trim().toUpperCase().replace(/\s+/g, '');
  const body = upper.startsWith('C-') ? upper.slice(2) : upper;
  return `C-${body.replace(/O/g, '0').replace(/[IL]/g, '1')}`;
}
