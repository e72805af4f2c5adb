import { useRef, type KeyboardEvent } from 'react';

/** The ten tabs of §2, in order, and Refunded (refunded leads leave Purchased). */
export const TAB_IDS = [
  'dashboard',
  'available',
  'claimed',
  'purchased',
  'completed',
  'archived',
  'refunded',
  'history',
  'wallet',
  'reports',
  'settings',
] as const;
export type TabId = (typeof TAB_IDS)[number];

/** The tab names as people read them. */
export const TAB_LABELS: Record<TabId, string> = {
  dashboard: 'Dashboard',
  available: 'Available',
  claimed: 'Claimed',
  purchased: 'Purchased',
  completed: 'Completed',
  archived: 'Archived',
  refunded: 'Refunded',
  history: 'History',
  wallet: 'Wallet',
  reports: 'Reports',
  settings: 'Settings',
};

export const tabId = (tab: TabId) => `dash-tab-${tab}`;
export const panelId = (tab: TabId) => `dash-panel-${tab}`;

/** A WAI-ARIA tab list: arrows, Home and End move between tabs (roving tabindex); labels carry counts. */
export function DashboardTabs({
  active,
  counts,
  onSelect,
}: {
  active: TabId;
  counts: Partial<Record<TabId, number>>;
  onSelect: (tab: TabId) => void;
}) {
  const refs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  function onKeyDown(event: KeyboardEvent) {
    const index = TAB_IDS.indexOf(active);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TAB_IDS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TAB_IDS.length) % TAB_IDS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TAB_IDS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = TAB_IDS[next]!;
    onSelect(tab);
    refs.current[tab]?.focus();
  }
  return (
    <div className="dash-tabs" role="tablist" aria-label="Dashboard sections" onKeyDown={onKeyDown}>
      {TAB_IDS.map((tab) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          id={tabId(tab)}
          type="button"
          role="tab"
          aria-selected={tab === active}
          aria-controls={panelId(tab)}
          tabIndex={tab === active ? 0 : -1}
          className={`dash-tab${tab === active ? ' is-active' : ''}`}
          onClick={() => onSelect(tab)}
        >
          {counts[tab] !== undefined ? `${TAB_LABELS[tab]} (${counts[tab]})` : TAB_LABELS[tab]}
        </button>
      ))}
    </div>
  );
}
