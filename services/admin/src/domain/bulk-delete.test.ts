import { describe, expect, it } from 'vitest';
import { summariseBulkDelete, uniqueIds } from './bulk-delete.js';

describe('bulk delete', () => {
  it('counts deleted items and lists failures with their reason', () => {
    const result = summariseBulkDelete(
      [
        { id: 'a', ok: true },
        { id: 'b', ok: false, message: 'Contractor not found' },
        { id: 'c', ok: true },
      ],
      (n) => `${n} contractors deleted successfully!`,
    );
    expect(result).toEqual({
      success: false,
      message: '2 contractors deleted successfully! 1 could not be deleted.',
      deleted: 2,
      deleted_ids: ['a', 'c'],
      failed: [{ id: 'b', message: 'Contractor not found' }],
    });
  });
  it('drops repeated and blank ids', () => {
    expect(uniqueIds(['a', ' a ', '', 'b'])).toEqual(['a', 'b']);
  });
});
