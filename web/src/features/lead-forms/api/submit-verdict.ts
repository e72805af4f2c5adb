/**
 * The verdict of a request leads-submit answered "pending" for: the form polls leads-submit-status
 * (lead id + the form's idempotency key, which only this browser holds) until screening decides,
 * for a few minutes at most; past that the SMS/email still tells the customer.
 */
import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { callFunction } from '../../../lib/api';
import type { LeadSubmitAnswer } from './submit-lead';

/** The request the form is waiting on. */
export interface AwaitedRequest {
  lead_id: string;
  idempotency_key: string;
}

/** How often the form asks, and for how long (the customer is texted the outcome anyway). */
export const VERDICT_POLL_MS = 2_000;
export const VERDICT_POLL_FOR_MS = 3 * 60_000;

/** GET leads-submit-status: what leads-submit would answer for the request now. */
export const submitVerdict = (request: AwaitedRequest) =>
  callFunction<LeadSubmitAnswer>('leads-submit-status', { query: { ...request } });

/** Polls while `request` is set; calls `onDecided` once with the first valid or rejected answer. */
export function useSubmitVerdict(request: AwaitedRequest | null, onDecided: (answer: LeadSubmitAnswer) => void) {
  const since = useRef(0);
  const decided = useRef(onDecided);
  decided.current = onDecided;
  useEffect(() => {
    if (request) since.current = Date.now();
  }, [request]);
  const { data } = useSWR(
    request ? ['leads-submit-status', request.lead_id, request.idempotency_key] : null,
    () => submitVerdict(request!),
    {
      refreshInterval: (latest) =>
        (latest && latest.status !== 'pending') || Date.now() - since.current > VERDICT_POLL_FOR_MS
          ? 0
          : VERDICT_POLL_MS,
      revalidateOnFocus: false,
      // A failed poll is retried by the next interval; the pending text stays meanwhile.
      shouldRetryOnError: false,
    },
  );
  useEffect(() => {
    if (request && data && data.status !== 'pending' && data.lead_id === request.lead_id) decided.current(data);
  }, [data, request]);
}
