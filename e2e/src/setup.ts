import { beforeEach } from 'vitest';
import { failureReport } from './failure-report.js';

// A failed browser test prints what the pages showed and what the stack warned about (CI keeps
// nothing else of the run).
beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    console.error(await failureReport());
  });
});
