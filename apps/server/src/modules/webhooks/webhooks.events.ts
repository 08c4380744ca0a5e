/** The webhooks module's job (declaration merging). */
declare module '../../platform/jobs/queue.ts' {
  interface JobDefinitions {
    /**
     * One attempt of one delivery: sign, POST through the guarded client, record the answer, and
     * enqueue the next attempt after its backoff when the answer says "try again".
     */
    'webhooks.send': { deliveryId: string };
    /** The daily purge of deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS; books the next. */
    'webhooks.purge': Record<string, never>;
  }
}

export {};
