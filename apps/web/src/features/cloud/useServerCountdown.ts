import { useEffect, useState } from 'react';
import { CLOUD_TICK_MS } from '@rushes/shared';

/**
 * Milliseconds left until `target` on the server's clock (`skew`: server minus browser), ticking
 * each second (spec 001 §9); null without a target.
 */
export function useServerCountdown(target: string | null | undefined, skew: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!target) return;
    const id = window.setInterval(() => setNow(Date.now()), CLOUD_TICK_MS);
    return () => window.clearInterval(id);
  }, [target]);
  if (!target) return null;
  return Math.max(0, new Date(target).getTime() - (now + skew));
}
