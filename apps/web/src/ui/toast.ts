import { notifications, type NotificationData } from '@mantine/notifications';
import { MAX_TOASTS, TOAST_HEAD } from '@rushes/shared';

/** The toasts' enter and leave animation (passed to <Notifications>). */
export const TOAST_TRANSITION_MS = 250;
/** A closed toast counts until its leave animation is over and it has left the page. */
const LEAVING_MS = TOAST_TRANSITION_MS + 250;

/**
 * Toasts on screen, counting those still fading out. Mantine's `limit` counts only the toasts that
 * are not leaving: a queued toast came in while the closed one was still fading, so four showed
 * for a moment. This queue lets a toast in only once one has fully gone (spec 002 §4: at most 3).
 */
let onScreen = 0;
const waiting: NotificationData[] = [];

function pump() {
  while (onScreen < MAX_TOASTS && waiting.length > 0) {
    const next = waiting.shift()!;
    onScreen += 1;
    notifications.show({
      ...next,
      onClose: (props) => {
        next.onClose?.(props);
        window.setTimeout(() => {
          onScreen -= 1;
          pump();
        }, LEAVING_MS);
      },
    });
  }
}

function show(data: NotificationData) {
  waiting.push(data);
  pump();
}

/** Toasts with the spec's heads (spec 002 §8): 'Success' and 'Error', at most MAX_TOASTS shown. */
export const toast = {
  success: (message: string) => show({ title: TOAST_HEAD.success, message, color: 'green' }),
  error: (message: string) => show({ title: TOAST_HEAD.error, message, color: 'red' }),
  info: (message: string) => show({ title: TOAST_HEAD.info, message, color: 'blue' }),
  warning: (message: string) => show({ title: TOAST_HEAD.warning, message, color: 'yellow' }),
};
