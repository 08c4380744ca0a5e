import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Origins beyond our own that pages may load from (a payment provider's checkout, a support chat). */
export interface ExtraOrigins {
  scripts: string[];
  frames: string[];
  connect: string[];
  images: string[];
}

/**
 * Helmet's headers (CSP, HSTS, nosniff, frame and referrer policies…) on every answer. They are the
 * same for every request, so helmet runs once at start and each answer only copies the result:
 * the Fastify plugin built helmet again on every request, parsing the CSP each time.
 */
export function installSecurityHeaders(app: FastifyInstance, extra: ExtraOrigins) {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra.scripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...extra.images],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...extra.connect],
        frameSrc: ["'self'", ...extra.frames],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** What helmet sets on a response with these options (it reads nothing of the request). */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
