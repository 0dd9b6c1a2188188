// A seconds countdown for resend cooldowns (spec-1 §9: 60 s). Counts from a deadline so a
// throttled background tab still shows the right number when it wakes.
import { useCallback, useEffect, useState } from "react";

export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) {
        setDeadline(null);
        window.clearInterval(timer);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setDeadline(seconds > 0 ? current + seconds * 1000 : null);
  }, []);
  const stop = useCallback(() => setDeadline(null), []);

  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, running: secondsLeft > 0, start, stop };
}
