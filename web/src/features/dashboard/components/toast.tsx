import { useCallback, useEffect, useRef, useState } from 'react';

/** A success toast that clears itself (5 s by default, 3 s for SMS per §8). */
export function useToast() {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((message: string, ms = 5000) => {
    clearTimeout(timer.current);
    setText(message);
    timer.current = setTimeout(() => setText(null), ms);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { text, show };
}

/** The top-right toast region; always present so screen readers hear new text. */
export function Toast({ text }: { text: string | null }) {
  return (
    <div className="dash-toast-region" role="status" aria-live="polite">
      {text && <div className="dash-toast">{text}</div>}
    </div>
  );
}
