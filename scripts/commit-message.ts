/** The longest subject line CONTRIBUTING allows (it fits `git log --oneline` and review tools). */
export const SUBJECT_MAX = 72;

/** First words that say what was done or is being done, not what the commit does ("Add", not "Added"). */
const NOT_IMPERATIVE = /^[A-Za-z]+(ed|ing)$/;
const THIRD_PERSON = new Set(['adds', 'fixes', 'makes', 'moves', 'removes', 'updates', 'uses', 'changes', 'renames']);
/** Words ending in -ed or -ing that are imperatives or nouns all the same. */
const ALLOWED = new Set(['embed', 'feed', 'seed', 'shed', 'speed', 'proceed', 'exceed', 'bring', 'ring', 'string']);

/**
 * What is wrong with a commit message under CONTRIBUTING's conventions: a subject of at most 72
 * characters in the imperative without a closing period, a blank line, then a body saying why.
 * Git's comment lines (#) are ignored; merges and fixup!/squash! commits are left alone.
 */
export function commitMessageProblems(message: string): string[] {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const subject = lines[0] ?? '';
  if (/^(Merge |Revert "|fixup! |squash! |amend! )/.test(subject)) return [];
  const problems: string[] = [];
  if (subject.trim() === '') return ['the subject line is empty'];
  if (subject.length > SUBJECT_MAX)
    problems.push(`the subject has ${subject.length} characters; at most ${SUBJECT_MAX} (put the rest in the body)`);
  if (subject.endsWith('.')) problems.push('the subject ends with a period');
  const first = subject.split(/[\s:]/)[0]!;
  const word = first.toLowerCase();
  if ((NOT_IMPERATIVE.test(first) && !ALLOWED.has(word)) || THIRD_PERSON.has(word))
    problems.push(`the subject starts with "${first}": write it as a command ("Add …", "Fix …")`);
  if (lines.length === 1) problems.push('there is no body: after a blank line, say why the change is made');
  else if (lines[1] !== '') problems.push('the second line must be blank, between the subject and the body');
  else if (lines.slice(2).every((line) => line.trim() === ''))
    problems.push('the body is empty: say why the change is made');
  return problems;
}
