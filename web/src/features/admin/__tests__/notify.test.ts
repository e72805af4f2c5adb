import { MESSAGES } from '@leadmarket/contracts/messages';
import { SERVICE_DOWN_RETRY_AFTER_SECONDS, SERVICE_LABELS } from '@leadmarket/contracts/routes';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { failureText } from '../components/notify';

describe('the admin banner for a failed call', () => {
  it("shows the gateway's words when the part of the site behind a call is down", () => {
    const down = MESSAGES.server.serviceDown(SERVICE_LABELS['wallet-ledger'], SERVICE_DOWN_RETRY_AFTER_SECONDS);
    expect(failureText(new ApiError(503, down, { message: down }), 'Failed to load', 'Error loading')).toBe(down);
  });

  it('keeps the "Failed to …" text for other answers and the "Error …" text for a failed request', () => {
    expect(failureText(new ApiError(500, 'boom', undefined), 'Failed to load', 'Error loading')).toBe('Failed to load');
    expect(failureText(new ApiError(0, undefined, undefined), 'Failed to load', 'Error loading')).toBe('Error loading');
  });
});
