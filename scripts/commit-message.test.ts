import { describe, expect, it } from 'vitest';
import { commitMessageProblems } from './commit-message.js';

const BODY = '\n\nThe gateway stays ready while one service is down.\n';

describe('the commit-message check', () => {
  it('accepts an imperative subject of at most 72 characters, a blank line and a body', () => {
    expect(commitMessageProblems(`Restore the screening service${BODY}`)).toEqual([]);
    expect(commitMessageProblems(`gateway: degrade instead of failing whole${BODY}# a comment\n`)).toEqual([]);
    expect(commitMessageProblems(`${'A'.repeat(72)}${BODY}`)).toEqual([]);
  });

  it('refuses a long subject, a closing period, a past tense and a missing body', () => {
    expect(commitMessageProblems(`Add ${'x'.repeat(72)}${BODY}`)).toEqual([
      'the subject has 76 characters; at most 72 (put the rest in the body)',
    ]);
    expect(commitMessageProblems(`Add the LICENSE.${BODY}`)).toEqual(['the subject ends with a period']);
    expect(commitMessageProblems(`Added the LICENSE${BODY}`)[0]).toMatch(/starts with "Added"/);
    expect(commitMessageProblems(`Fixes the port${BODY}`)[0]).toMatch(/starts with "Fixes"/);
    expect(commitMessageProblems('Add the LICENSE\n')).toEqual([
      'there is no body: after a blank line, say why the change is made',
    ]);
    expect(commitMessageProblems('Add the LICENSE\nwhy\n')).toEqual([
      'the second line must be blank, between the subject and the body',
    ]);
    expect(commitMessageProblems('\n')).toEqual(['the subject line is empty']);
  });

  it('leaves merges and fixups alone', () => {
    expect(commitMessageProblems("Merge branch 'deploy'\n")).toEqual([]);
    expect(commitMessageProblems('fixup! Add the LICENSE\n')).toEqual([]);
  });
});
