import { describe, expect, it } from 'vitest';
import { contactSubject, isBot } from './site-forms.js';

describe('site form rules', () => {
  it('treats any filled honeypot as a bot and an empty one as a person', () => {
    expect(isBot({ website: 'http://spam.example' })).toBe(true);
    expect(isBot({ website: 1 })).toBe(true);
    expect(isBot({ website: '' })).toBe(false);
    expect(isBot({})).toBe(false);
    expect(isBot(undefined)).toBe(false);
  });

  it('gives a contact message a subject', () => {
    expect(contactSubject(undefined, 'Ann')).toBe('Contact form message from Ann');
    expect(contactSubject('  Billing ', 'Ann')).toBe('Billing');
  });
});
