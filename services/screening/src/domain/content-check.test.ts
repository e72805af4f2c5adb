import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkContent, looksLikeGibberish } from './content-check.js';

const name = 'Jane Doe';
const check = (description: string, customer_name = name) => checkContent({ description, customer_name });

describe('checkContent', () => {
  it('passes an ordinary job description', () => {
    expect(check('Our kitchen sink is leaking under the cabinet, need a plumber this week.')).toEqual({
      valid: true,
      reasons: [],
    });
    expect(check('AC unit stopped blowing cold air; 3.5 ton Carrier, about 12 years old.')).toEqual({
      valid: true,
      reasons: [],
    });
  });
  it('flags each kind of junk with its own reason', () => {
    expect(check('fix').reasons).toContain('content:description_too_short');
    expect(check('Great deals at https://spam.example now for everyone').reasons).toContain('content:description_link');
    expect(check('Visit cheap-pills.com for the best offers today').reasons).toContain('content:description_link');
    expect(check('Need help pleaseeeeeeee with the roof repair').reasons).toContain(
      'content:description_repeated_characters',
    );
    expect(check('asdfghjkl qwrtpsdfg zxcvbnm lorem').reasons).toContain('content:description_gibberish');
    expect(check('xkcdqwrtz plumbing leak under sink').reasons).toContain('content:description_gibberish');
    expect(check('Win big at our casino tonight, roof repair included').reasons).toContain(
      'content:description_banned_word',
    );
  });
  it('names the field a finding came from: a name of digits is the name, never the description', () => {
    const r = check('Leaking pipe under the kitchen sink', '12345');
    expect(r.reasons).toEqual(['content:name_without_letters']);
    expect(check('Leaking pipe under the kitchen sink', 'Visit www.spam.example').reasons).toEqual([
      'content:name_link',
    ]);
    expect(check('Leaking pipe under the kitchen sink', 'qwrtzpsdfgh').reasons).toEqual(['content:name_gibberish']);
  });
  it('property: too-short descriptions are always refused', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{0,7}$/), (d) => {
        expect(check(d).reasons).toContain('content:description_too_short');
      }),
    );
  });
  it('property: a link anywhere makes the content invalid', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{3,10}$/),
        fc.constantFrom('http://', 'https://', 'www.'),
        (host, scheme) => {
          const r = check(`The water heater is broken, see ${scheme}${host}.example for photos`);
          expect(r.valid).toBe(false);
          expect(r.reasons).toContain('content:description_link');
        },
      ),
    );
  });
  it('property: six identical characters in a row are refused', () => {
    fc.assert(
      fc.property(fc.constantFrom(...'abcdefxyz!?$1'.split('')), fc.integer({ min: 6, max: 20 }), (c, n) => {
        expect(check(`The furnace is making noise ${c.repeat(n)} since Monday`).reasons).toContain(
          'content:description_repeated_characters',
        );
      }),
    );
  });
  it('property: valid iff no reasons; never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 40 }), (d, n) => {
        const r = checkContent({ description: d, customer_name: n });
        expect(r.valid).toBe(r.reasons.length === 0);
      }),
    );
  });
  it('does not call common English words gibberish', () => {
    for (const w of [
      'strengths',
      'rhythm',
      'thermostat',
      'dishwasher',
      'electrical panel',
      'Schwarzkopf',
      'catchphrase',
      'Knightsbridge',
    ])
      expect(looksLikeGibberish(w), w).toBe(false);
  });
});
