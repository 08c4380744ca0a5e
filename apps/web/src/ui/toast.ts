import { notifications } from '@mantine/notifications';
import { TOAST_HEAD } from '@rushes/shared';

/** Toasts with the spec's heads (spec 002 §8): 'Success' and 'Error', at most MAX_TOASTS shown. */
export const toast = {
  success: (message: string) => notifications.show({ title: TOAST_HEAD.success, message, color: 'green' }),
  error: (message: string) => notifications.show({ title: TOAST_HEAD.error, message, color: 'red' }),
  info: (message: string) => notifications.show({ title: TOAST_HEAD.info, message, color: 'blue' }),
  warning: (message: string) => notifications.show({ title: TOAST_HEAD.warning, message, color: 'yellow' }),
};
