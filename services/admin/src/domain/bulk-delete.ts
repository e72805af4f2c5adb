/** Outcome of deleting one item of a bulk delete. */
export type DeleteOutcome = { id: string; ok: true } | { id: string; ok: false; message: string };

/** The ids of a bulk request without repeats, in the order given. */
export const uniqueIds = (ids: string[]): string[] => [...new Set(ids.map((id) => id.trim()).filter(Boolean))];

/** What a bulk delete answers: how many went, which did not and why; the spec's text for the count. */
export function summariseBulkDelete(outcomes: DeleteOutcome[], successText: (n: number) => string) {
  const deleted = outcomes.filter((o) => o.ok).map((o) => o.id);
  const failed = outcomes.flatMap((o) => (o.ok ? [] : [{ id: o.id, message: o.message }]));
  const message = failed.length
    ? `${successText(deleted.length)} ${failed.length} could not be deleted.`
    : successText(deleted.length);
  return { success: failed.length === 0, message, deleted: deleted.length, deleted_ids: deleted, failed };
}
