import { Notifications } from '@mantine/notifications';
import { MAX_TOASTS } from '@rushes/shared';
import { TOAST_TRANSITION_MS } from '../ui/toast.ts';

/** Toasts: top right, at most MAX_TOASTS (spec 002 §4). Loaded lazily by Providers. */
export default function ToastHost() {
  return <Notifications position="top-right" limit={MAX_TOASTS} transitionDuration={TOAST_TRANSITION_MS} />;
}
