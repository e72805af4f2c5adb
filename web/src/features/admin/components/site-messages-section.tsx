import { formatPhone } from '@leadmarket/contracts/display';
import { useEffect, useState } from 'react';
import { AdminSessionExpired, type AdminApi } from '../api/admin-api';
import type { SiteMessage } from '../api/types';
import { formatDateTime } from '../utils/format';

const PAGE_SIZE = 10;
const KINDS = [
  { id: 'waitlist', label: 'Waitlist' },
  { id: 'contact', label: 'Contact messages' },
] as const;

/** Waitlist entries and contact messages from the public site, newest first, a page at a time. */
export function SiteMessagesSection({ api, refreshKey }: { api: AdminApi; refreshKey: number }) {
  const [kind, setKind] = useState<'waitlist' | 'contact'>('waitlist');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<SiteMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .siteMessages(kind, page, PAGE_SIZE)
      .then((result) => {
        if (!live) return;
        setItems(result.items);
        setTotal(result.total);
        setFailed(false);
        setLoaded(true);
      })
      .catch((error) => {
        if (error instanceof AdminSessionExpired || !live) return;
        console.error('admin-site-messages failed', error);
        setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [api, kind, page, refreshKey]);

  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <section className="admin-card" aria-labelledby="site-messages-title">
      <div className="admin-toolbar">
        <h2 id="site-messages-title">Site Messages</h2>
        <div className="admin-actions" role="group" aria-label="Message kind">
          {KINDS.map((k) => (
            <button
              key={k.id}
              type="button"
              className={`admin-button admin-button--small${kind === k.id ? ' admin-button--primary' : ''}`}
              aria-pressed={kind === k.id}
              onClick={() => {
                setKind(k.id);
                setPage(1);
              }}
            >
              {k.label}
            </button>
          ))}
        </div>
      </div>
      {failed && <p className="admin-muted">Site messages could not be loaded.</p>}
      {!failed && !loaded && (
        <p className="admin-placeholder" role="status">
          Loading messages…
        </p>
      )}
      {!failed && loaded && items.length === 0 && (
        <p className="admin-empty">{kind === 'waitlist' ? 'No waitlist signups yet' : 'No contact messages yet'}</p>
      )}
      {items.length > 0 && (
        <ul className="admin-refunds">
          {items.map((m) => (
            <li key={m.id} className="admin-refund">
              {m.kind === 'waitlist' ? (
                <>
                  <strong>
                    {m.first_name} {m.last_name}
                    {m.company ? ` · ${m.company}` : ''}
                  </strong>
                  <div className="admin-muted">
                    {m.email} · {formatPhone(m.phone)} · {m.trade}
                  </div>
                </>
              ) : (
                <>
                  <strong>
                    {m.name}
                    {m.subject ? ` · ${m.subject}` : ''}
                  </strong>
                  <div className="admin-muted">{m.email}</div>
                  <p className="admin-message-text">{m.message}</p>
                </>
              )}
              <div className="admin-muted">{formatDateTime(m.created_at)}</div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="admin-actions admin-pager" aria-label="Site messages pages">
          <button
            type="button"
            className="admin-button admin-button--small"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            Previous
          </button>
          <span className="admin-muted">
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="admin-button admin-button--small"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
