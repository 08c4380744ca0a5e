import { useEffect, useState } from 'react';

/** Seconds left of a wait that starts at once and again on restart() (e.g. the OTP resend wait). */
export function useCountdown(seconds: number) {
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    if (remaining <= 0) return;
    const id = window.setTimeout(() => setRemaining((r) => Math.max(0, r - 1)), 1000);
    return () => window.clearTimeout(id);
  }, [remaining]);

  return { remaining, done: remaining <= 0, restart: () => setRemaining(seconds) };
}
