import { testStackForFile, type TestStack } from '@leadmarket/gateway/testing';
import { DEV_ADMIN_PASSWORD } from '../src/config.js';

/** Log in the only (development) admin with the spec's single password field. */
export async function adminToken(stack: TestStack, password = DEV_ADMIN_PASSWORD): Promise<string> {
  const res = await stack.call('admin-login', { body: { password } });
  if (res.status !== 200) throw new Error(`admin-login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.session_token as string;
}

/** The audit entries of one action, newest first, read through admin-audit-log. */
export async function auditOf(stack: TestStack, token: string, action: string): Promise<any[]> {
  const res = await stack.call('admin-audit-log', { token, query: { action, limit: 500 } });
  if (res.status !== 200) throw new Error(`admin-audit-log answered ${res.status}`);
  return res.body.entries;
}

/**
 * Starts the marketplace before a file's tests with the operator signed in (as often as the tests
 * like), and stops it after them; `use` receives the stack and the operator's session token.
 */
export function adminStackForFile(
  use: (started: { stack: TestStack; token: string }) => unknown,
  env: Record<string, string> = {},
): void {
  testStackForFile(async (stack) => use({ stack, token: await adminToken(stack) }), {
    env: { ADMIN_LOGIN_MAX_ATTEMPTS: '1000', ...env },
  });
}
