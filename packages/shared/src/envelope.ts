import { z } from 'zod';

/** Every JSON answer of the API (spec 002 §7, DESIGN §4). */
export interface Envelope<T = unknown> {
  response: boolean;
  data: T;
  errormessage: string;
  errorcode?: number;
}

/** Upgrade data (spec 002 §3); set as data.upgrade_required when a plan limit refuses. */
export interface UpgradeData {
  image_url: string;
  title: string;
  message: string;
  sub_title: string;
  button_text: string;
  website_link: string;
}

/** data of a validation failure: one message per field path ('a.b'). */
export interface ValidationErrorData {
  errors: Record<string, string>;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({
    response: z.boolean(),
    data,
    errormessage: z.string(),
    errorcode: z.number().optional(),
  });

export const messageData = z.object({ message: z.string() });
