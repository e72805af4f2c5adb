import { useState } from 'react';

/** The brand mark; when its image cannot load, a text block stands in (spec §2 footer). */
export function Logo({ className = '' }: { className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className={`logo-text ${className}`} data-testid="logo-fallback">
        lead<strong>market</strong>
      </span>
    );
  }
  return (
    <img
      src="/logo.svg"
      alt="leadmarket"
      width={160}
      height={32}
      className={`logo-img ${className}`}
      onError={() => setFailed(true)}
    />
  );
}
