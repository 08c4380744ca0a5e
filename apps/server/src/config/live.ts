import { z } from 'zod';

export const live = {
  ICE_SERVERS: z
    .string()
    .default('[]')
    .describe(
      'live collaboration calls: STUN/TURN servers handed to the browsers, a JSON array of RTCIceServer, e.g. `[{"urls":"stun:stun.example.org:3478"}]`; empty: peers on the same network only',
    ),
  TURN_URL: z
    .string()
    .optional()
    .describe(
      'a coturn server (`turn:host:3478`, comma-separated for several) run with `use-auth-secret`; with `TURN_SECRET` each user gets short-lived credentials from `GET /api/live-collaboration/ice-servers`',
    ),
  TURN_SECRET: z
    .string()
    .optional()
    .describe(
      'coturn’s `static-auth-secret` (REST API scheme: username `expiry:user_id`, credential base64 HMAC-SHA1)',
    ),
  ICE_TRANSPORT_POLICY: z
    .enum(['all', 'relay'])
    .default('all')
    .describe('`relay` makes the call’s browsers use TURN only (no direct or STUN paths)'),
  TURN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(3600)
    .describe('life of an issued TURN credential, seconds'),
};
