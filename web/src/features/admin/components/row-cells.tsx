/** The Select cell of a selectable row: a checkbox named `label`. */
export function SelectCell({ checked, onToggle, label }: { checked: boolean; onToggle: () => void; label: string }) {
  return (
    <td>
      <input type="checkbox" checked={checked} onChange={onToggle} aria-label={label} />
    </td>
  );
}

/** The Actions cell of a deletable row: a small red Delete button named `label`. */
export function DeleteCell({ onDelete, disabled, label }: { onDelete: () => void; disabled: boolean; label: string }) {
  return (
    <td>
      <button
        type="button"
        className="admin-button admin-button--danger admin-button--small"
        onClick={onDelete}
        disabled={disabled}
        aria-label={label}
      >
        Delete
      </button>
    </td>
  );
}
