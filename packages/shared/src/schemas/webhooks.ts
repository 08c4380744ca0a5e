// The zod schemas of the webhooks routes (request bodies, queries, answers).
import { z } from 'zod';
import { addProductMessages, charLimit } from '../rules/messages.ts';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_LIMITS, WEBHOOK_TEXT } from '../rules/webhookText.ts';

import { uuid } from './fields.ts';

addProductMessages(Object.values(WEBHOOK_TEXT));

/** An https URL (an http one is told so); the server also refuses private targets when it sends. */
export const webhookUrl = () =>
  z
    .string({ error: WEBHOOK_TEXT.invalidUrl })
    .trim()
    .max(WEBHOOK_LIMITS.urlMaxLength, { error: charLimit(WEBHOOK_LIMITS.urlMaxLength) })
    .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), {
      error: WEBHOOK_TEXT.invalidUrl,
    });

const eventList = z.array(z.enum(WEBHOOK_EVENT_NAMES, { error: WEBHOOK_TEXT.chooseEvents })).min(1, {
  error: WEBHOOK_TEXT.chooseEvents,
});
const description = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.descriptionMaxLength, { error: charLimit(WEBHOOK_LIMITS.descriptionMaxLength) });

export const webhookTeamQuery = z.object({ team_db_id: uuid() });
export const webhookEndpointQuery = z.object({ webhook_endpoint_db_id: uuid() });
export const webhookDeliveryQuery = z.object({ webhook_delivery_db_id: uuid() });

export const createWebhookBody = z.object({
  team_db_id: uuid(),
  url: webhookUrl(),
  description: description.default(''),
  events: eventList,
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

export const updateWebhookBody = z.object({
  webhook_endpoint_db_id: uuid(),
  url: webhookUrl().optional(),
  description: description.optional(),
  events: eventList.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const webhookEndpoint = z.object({
  webhook_endpoint_db_id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  created_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpoint>;

export const webhookAttempt = z.object({
  at: z.string(),
  /** the answer's HTTP status; null when there was none (the body says why) */
  status: z.number().nullable(),
  /** the first 2 KB of the answer, or why there was none */
  body: z.string(),
  duration_ms: z.number(),
});
export type WebhookAttemptView = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  webhook_delivery_db_id: z.string(),
  event_id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  response_status: z.number().nullable(),
  /** the first 2 KB of the last answer, or why there was none */
  response_body: z.string().nullable(),
  duration_ms: z.number().nullable(),
  /** every attempt, oldest first (the newest WEBHOOK_LIMITS.attemptsKept) */
  attempt_log: z.array(webhookAttempt),
  is_test: z.boolean(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDelivery>;

export const webhookList = z.object({
  endpoints: z.array(webhookEndpoint),
  limit: z.number(),
});
export const webhookCreated = z.object({
  message: z.string(),
  endpoint: webhookEndpoint,
  /** shown once: the server keeps it sealed and never answers it again */
  secret: z.string(),
});
export const webhookUpdated = z.object({ message: z.string(), endpoint: webhookEndpoint });
export const webhookSecret = z.object({ message: z.string(), secret: z.string() });
export const webhookTested = z.object({ message: z.string(), delivery: webhookDelivery });
export const webhookResent = z.object({ message: z.string(), delivery: webhookDelivery });
export const webhookDeliveries = z.object({ deliveries: z.array(webhookDelivery) });
