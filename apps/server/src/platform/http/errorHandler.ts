import type { FastifyError, FastifyInstance } from 'fastify';
import { MSG, isProductMessage } from '@rushes/shared';
import { AppError } from './errors.ts';
import { failure } from './envelope.ts';
import { withAbsoluteUpgradeImage } from './requestOrigin.ts';

/**
 * Every failure answers the spec's envelope. Validation errors name each field's message; unexpected
 * errors are logged with the request id and answered 'Something went wrong', never with a stack.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(failure(error.message, withAbsoluteUpgradeImage(error.data, request), error.errorcode));
    }
    if (Array.isArray(error.validation) && error.validation.length > 0) {
      const errors: Record<string, string> = {};
      const context =
        error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
      for (const v of error.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.missingProperty ?? '');
        // Only our own texts (packages/shared) reach a user, never a library's English; a whole
        // body, query or path that is wrong is named by its part.
        errors[field || context] ??= isProductMessage(v.message) ? v.message : MSG.invalidValue;
      }
      const first = Object.values(errors)[0] ?? MSG.invalidValue;
      return reply.status(400).send(failure(first, { errors }));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(failure(MSG.tooManyRequests, null, 429));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Framework refusals (bad JSON, body too large, unsupported media type): safe to name generically.
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send(failure(MSG.somethingWentWrong, null, error.statusCode));
    }
    // err goes through logging.ts's serializer: SQL errors without their parameter values.
    request.log.error({ err: error, request_id: request.id }, 'unexpected error');
    return reply.status(500).send(failure(MSG.somethingWentWrong, { request_id: request.id }, 500));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(failure(MSG.notFound, null, 404));
  });
}
