import { afterEach } from 'vitest';
import { forgetLastStep, shotAfterFailure } from './browser.ts';

// Every flow file: a failed test leaves a screenshot of the page it was on (e2e/browser.ts).
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await shotAfterFailure();
  else forgetLastStep();
});
