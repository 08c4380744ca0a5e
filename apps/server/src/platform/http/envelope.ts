import type { Envelope } from '@rushes/shared';
import { envelopeOf } from '@rushes/shared';
import { z } from 'zod';

export const ok = <T>(data: T): Envelope<T> => ({ response: true, data, errormessage: '' });
export const failure = (errormessage: string, data: unknown = null, errorcode?: number): Envelope => ({
  response: false,
  data,
  errormessage,
  ...(errorcode === undefined ? {} : { errorcode }),
});

/** Response schemas for a route: its success envelope, plus the generic failure shape for OpenAPI. */
const failureSchema = envelopeOf(z.unknown());
export const replies = <T extends z.ZodType>(data: T) => ({
  200: envelopeOf(data),
  '4xx': failureSchema,
  '5xx': failureSchema,
});
export const messageReply = replies(z.object({ message: z.string() }));
