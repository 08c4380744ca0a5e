import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Messages a chat input has handed over and not yet seen stored, sent one at a time in the order
 * they were entered. The input clears as soon as a message is queued, so the next one can be
 * typed (and queued) while earlier ones are still on their way. When a send fails, it and every
 * message queued after it go back to `onFailed` (in order) and the queue stops: nothing typed is
 * lost and nothing overtakes a failed message.
 */
export function useSendQueue<T>(send: (item: T) => Promise<unknown>, onFailed: (items: T[]) => void) {
  const [pending, setPending] = useState<readonly T[]>([]);
  const queue = useRef<T[]>([]);
  const running = useRef(false);
  const sendRef = useRef(send);
  const failedRef = useRef(onFailed);
  useEffect(() => {
    sendRef.current = send;
    failedRef.current = onFailed;
  }, [send, onFailed]);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      while (queue.current.length > 0) {
        try {
          await sendRef.current(queue.current[0]);
          queue.current = queue.current.slice(1);
          setPending(queue.current);
        } catch {
          const failed = queue.current;
          queue.current = [];
          setPending([]);
          failedRef.current(failed);
        }
      }
    } finally {
      running.current = false;
    }
  }, []);

  const enqueue = useCallback(
    (item: T) => {
      queue.current = [...queue.current, item];
      setPending(queue.current);
      void pump();
    },
    [pump],
  );

  return { pending, enqueue };
}

/** Texts put back after a failed send, in front of what was typed since (blank parts dropped). */
export const restoreText = (failed: readonly string[], current: string) =>
  [...failed, current.trim()].filter((t) => t.length > 0).join(' ');
