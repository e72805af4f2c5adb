import { useEffect, useRef, useState } from 'react';

/** Parse Server-Sent Events blocks out of a growing text buffer; returns what is left over. */
export function takeEvents(buffer: string, onEvent: (e: { id?: string; event: string; data: string }) => void): string {
  let rest = buffer;
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      const colon = line.indexOf(': ');
      if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 2);
    }
    if (fields.event) onEvent({ id: fields.id, event: fields.event, data: fields.data ?? '' });
  }
  return rest;
}

const RECONNECT_MS = 3000;
/** Several pushes in a burst (a lead screened, matched, sold) cause one refresh. */
const DEBOUNCE_MS = 300;

/**
 * The admin dashboard's live stream (new leads, sales, leads gone): read with fetch, because it
 * needs the admin's bearer token (EventSource cannot send headers). Each push calls `onChange`
 * (debounced); the stream reconnects with Last-Event-ID; a 401/403 stops it (the 30 s refresh goes on).
 */
export function useAdminLive(token: string, onChange: () => void): boolean {
  const [live, setLive] = useState(false);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const controller = new AbortController();
    let lastEventId: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), DEBOUNCE_MS);
    };
    async function run() {
      while (!controller.signal.aborted) {
        try {
          const response = await fetch('/.netlify/functions/admin-events', {
            headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
            signal: controller.signal,
          });
          if (response.status === 401 || response.status === 403) return;
          if (!response.ok || !response.body) throw new Error(`admin-events ${response.status}`);
          setLive(true);
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer = takeEvents(buffer + value, (e) => {
              if (e.id) lastEventId = e.id;
              if (e.event !== 'ready') changed();
            });
          }
        } catch {
          /* network trouble: try again below */
        }
        setLive(false);
        if (controller.signal.aborted) return;
        await new Promise((r) => setTimeout(r, RECONNECT_MS));
      }
    }
    void run();
    return () => {
      controller.abort();
      clearTimeout(timer);
      setLive(false);
    };
  }, [token]);
  return live;
}
