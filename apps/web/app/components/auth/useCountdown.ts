import { useCallback, useEffect, useState } from "react";

/** Seconds left of a countdown started by `start()` (for `seconds`, or the seconds given); 0 when idle. */
export function useCountdown(seconds: number): { secondsLeft: number; start(forSeconds?: number): void } {
  const [endsAt, setEndsAt] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (!endsAt) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setEndsAt(0);
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((forSeconds = seconds) => setEndsAt(Date.now() + forSeconds * 1000), [seconds]);
  return { secondsLeft, start };
}
