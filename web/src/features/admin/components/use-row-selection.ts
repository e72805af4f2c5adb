import { useState } from 'react';

/** What `useRowSelection` returns. */
export type RowSelection = ReturnType<typeof useRowSelection>;

/** Checkbox selection of table rows: only ids still in `allIds` count, Select All covers `visibleIds`. */
export function useRowSelection(allIds: string[], visibleIds: string[] = allIds) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // Only rows still present count as selected (a refresh may have removed some).
  const selectedIds = allIds.filter((id) => selected.has(id));
  const allSelected = visibleIds.length > 0 && visibleIds.every((id) => selected.has(id));

  function toggle(id: string) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function toggleAll() {
    setSelected(allSelected ? new Set() : new Set(visibleIds));
  }

  function remove(id: string) {
    setSelected((prev) => {
      const next = new Set(prev);
      next.delete(id);
      return next;
    });
  }

  return {
    isSelected: (id: string) => selected.has(id),
    selectedIds,
    allSelected,
    toggle,
    toggleAll,
    remove,
    clear: () => setSelected(new Set()),
  };
}
