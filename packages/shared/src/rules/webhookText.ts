/**
 * Webhooks: the events a team may subscribe to, the limits, and every text the settings page and the
 * server answer with (written once, used by both sides).
 */
export const WEBHOOK_EVENTS = {
  'asset.uploaded': 'Asset uploaded',
  'asset.processed': 'Asset processed',
  'comment.added': 'Comment added',
  'approval.status_changed': 'Approval status changed',
  'task.created': 'Task created',
  'task.completed': 'Task completed',
  'share.opened': 'Share link opened',
  'export.finished': 'Export finished',
} as const;
export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as [WebhookEvent, ...WebhookEvent[]];
/** The test delivery's type: never subscribed to, sent only by the Send test button. */
export const WEBHOOK_PING = 'ping';

export const WEBHOOK_LIMITS = {
  /** endpoints per team */
  endpointsPerTeam: 20,
  urlMaxLength: 2000,
  descriptionMaxLength: 200,
  /** how much of a response body a delivery keeps */
  responseBodyBytes: 2048,
  /** an attempt waits this long for an answer */
  timeoutSeconds: 10,
  /** retries after the first attempt, each delay × WEBHOOK_RETRY_BASE_SECONDS (30 s, 2 min, 10 min, 1 h, 6 h) */
  retryFactors: [1, 4, 20, 120, 720],
  /** deliveries the list shows */
  deliveriesShown: 50,
  /** attempts a delivery keeps (the newest; 6 without resends) */
  attemptsKept: 20,
} as const;

/** The signature scheme, as receivers verify it (names of the headers the server sends). */
export const WEBHOOK_HEADERS = {
  eventId: 'Rushes-Event-Id',
  timestamp: 'Rushes-Timestamp',
  signature: 'Rushes-Signature',
} as const;

export const WEBHOOK_TEXT = {
  title: 'Webhooks',
  cardText: 'Send events to your own systems',
  intro: 'Rushes sends a signed HTTPS POST to each endpoint for the events it subscribes to.',
  addEndpoint: 'Add endpoint',
  url: 'Endpoint URL',
  description: 'Description',
  events: 'Events',
  create: 'Add',
  cancel: 'Cancel',
  close: 'Close',
  noEndpoints: 'No webhook endpoints yet',
  enabled: 'Enabled',
  disabled: 'Disabled',
  enable: 'Enable',
  disable: 'Disable',
  delete: 'Delete',
  deleteConfirm: 'Delete this endpoint? Its deliveries go with it.',
  rotateSecret: 'Rotate secret',
  rotateConfirm: 'Rotate the signing secret? The old one stops working at once.',
  sendTest: 'Send test',
  deliveries: 'Deliveries',
  noDeliveries: 'No deliveries yet',
  refresh: 'Refresh',
  secretTitle: 'Signing secret',
  secretOnce: 'Copy this secret now: it is shown only once.',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  attempts: 'Attempts',
  response: 'Response',
  nextAttempt: 'Next attempt',
  statusPending: 'Pending',
  statusSucceeded: 'Delivered',
  statusFailed: 'Failed',
  test: 'Test',
  resend: 'Resend',
  showAttempts: 'Show attempts',
  hideAttempts: 'Hide attempts',
  noAnswer: 'No answer',
  // answers
  endpointCreated: 'Webhook endpoint added',
  endpointUpdated: 'Webhook endpoint updated',
  endpointDeleted: 'Webhook endpoint deleted',
  secretRotated: 'Signing secret rotated',
  testQueued: 'Test delivery sent',
  resent: 'Delivery sent again',
  onlyFailedResend: 'Only a failed delivery can be sent again',
  deliveryNotFound: 'No webhook delivery found',
  endpointNotFound: 'No webhook endpoint found',
  tooManyEndpoints: `A team can have at most ${WEBHOOK_LIMITS.endpointsPerTeam} webhook endpoints`,
  invalidUrl: 'Enter a valid URL',
  httpsOnly: 'The endpoint URL must start with https://',
  chooseEvents: 'Choose at least one event',
  // why an attempt failed without an answer
  refusedPrivate: 'Refused: the address is private, loopback or link-local',
  timedOut: 'No answer within 10 seconds',
  networkError: 'Could not connect',
  endpointGone: 'The endpoint was deleted or disabled',
} as const;

export const WEBHOOK_STATUS_LABEL = {
  pending: WEBHOOK_TEXT.statusPending,
  succeeded: WEBHOOK_TEXT.statusSucceeded,
  failed: WEBHOOK_TEXT.statusFailed,
} as const;
