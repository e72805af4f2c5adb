import { useEffect, useState } from 'react';
import { useSWRConfig, type ScopedMutator } from 'swr';
import type { FunctionName } from '@leadmarket/contracts/routes';
import type { Session } from './client';
import type { AvailableLeadsPayload, DashboardPayload } from './types';

/** Pushes the gateway sends a contractor's dashboard (gateway/src/live/contractor-live-hub.ts). */
type LiveEventName = 'offer' | 'lead_listed' | 'lead_gone' | 'balance' | 'resync';

const isQuery = (name: FunctionName) => (key: unknown) =>
  Array.isArray(key) && key[0] === 'dashboard' && key[1] === name;

/** Apply one push to the SWR caches: cards appear and disappear, the balance moves, without a reload. */
export function applyLiveEvent(mutate: ScopedMutator, event: LiveEventName, data: Record<string, unknown>): void {
  const revalidate = (name: FunctionName) => void mutate(isQuery(name));
  switch (event) {
    case 'offer':
    case 'lead_listed':
      // The card's fields (description, age) come from matching's list: fetch it now (the open
      // Available tab's own list, and the first screen's count behind the tab's label). A lead of
      // the area not offered to this contractor (lead_listed) is on that list and in that count too.
      revalidate('contractors-available-leads');
      revalidate('contractors-dashboard');
      return;
    case 'lead_gone': {
      const leadId = String(data.lead_id);
      const without = (current: AvailableLeadsPayload) => {
        const available_leads = current.available_leads.filter((l) => l.id !== leadId);
        return { ...current, available_leads, total_available: available_leads.length };
      };
      void mutate<AvailableLeadsPayload>(
        isQuery('contractors-available-leads'),
        (current) => (current ? without(current) : current),
        { revalidate: true },
      );
      // The first paint's count cannot tell whether it held this lead: asked again.
      revalidate('contractors-dashboard');
      revalidate('get-purchased-leads');
      return;
    }
    case 'balance': {
      const cents = Number(data.balance_cents);
      void mutate<DashboardPayload>(
        isQuery('contractors-dashboard'),
        (current) => (current && Number.isFinite(cents) ? { ...current, wallet_balance: cents / 100 } : current),
        { revalidate: true },
      );
      revalidate('get-wallet-statement');
      return;
    }
    case 'resync':
      void mutate((key) => Array.isArray(key) && key[0] === 'dashboard');
  }
}

/**
 * Keep the dashboard live: one EventSource to the gateway's contractor-events stream. The browser
 * reconnects by itself and sends Last-Event-ID, so missed pushes are replayed (or `resync` makes us
 * refetch). Where EventSource is missing or the stream is refused, the 30 s polling still runs.
 */
export function useLiveDashboard(session: Session | null): boolean {
  const { mutate } = useSWRConfig();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!session || typeof EventSource === 'undefined') return;
    // Served by the gateway itself (not a routed function); EventSource cannot send a bearer header.
    const source = new EventSource(
      `/.netlify/functions/contractor-events?${new URLSearchParams({ session_token: session.token })}`,
    );
    // Live once the stream said hello (ready, or the replay after a reconnect); polling otherwise.
    const onOpen = () => setLive(true);
    const onError = () => setLive(source.readyState === EventSource.OPEN);
    source.addEventListener('ready', onOpen);
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onError);
    const names: LiveEventName[] = ['offer', 'lead_listed', 'lead_gone', 'balance', 'resync'];
    const listeners = names.map((name) => {
      const listener = (e: MessageEvent<string>) => {
        try {
          applyLiveEvent(mutate, name, JSON.parse(e.data) as Record<string, unknown>);
        } catch {
          /* a malformed push changes nothing; polling corrects */
        }
      };
      source.addEventListener(name, listener);
      return [name, listener] as const;
    });
    return () => {
      for (const [name, listener] of listeners) source.removeEventListener(name, listener);
      source.removeEventListener('ready', onOpen);
      source.removeEventListener('open', onOpen);
      source.removeEventListener('error', onError);
      source.close();
      setLive(false);
    };
  }, [session, mutate]);
  return live;
}
