/**
 * The constraint and message of a PostgreSQL unique-key violation (a concurrent request took the
 * email or username between our check and our write), or undefined for any other error.
 */
export const uniqueViolation = (error: unknown): string | undefined => {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' ? `${e.constraint ?? ''} ${e.message ?? ''}` : undefined;
};
