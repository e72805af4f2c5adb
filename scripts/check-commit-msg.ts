import { readFileSync } from 'node:fs';
import { commitMessageProblems } from './commit-message.js';

// The commit-msg hook (.githooks/commit-msg): refuses a message that breaks CONTRIBUTING's conventions.
const file = process.argv[2];
if (!file) {
  console.error('usage: check-commit-msg <file with the commit message>');
  process.exit(2);
}
const problems = commitMessageProblems(readFileSync(file, 'utf8'));
if (problems.length > 0) {
  console.error(`commit message refused (CONTRIBUTING.md, "Commits"):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
