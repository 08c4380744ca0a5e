import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@rushes/shared';
import { installErrorHandling } from './errorHandler.ts';
import { guardedValidatorCompiler, installInputGuard } from './inputGuard.ts';

/** A schema whose refinement breaks on a shape it did not expect answers 400, not 500. */
describe('guarded validator', () => {
  async function appWith(schema: z.ZodType) {
    const app = Fastify();
    app.setValidatorCompiler(guardedValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    installInputGuard(app);
    app.withTypeProvider<ZodTypeProvider>().post('/x', { schema: { body: schema } }, async () => ({ ok: 1 }));
    await app.ready();
    return app;
  }

  it("answers 400 'Enter a valid value' when a refinement throws", async () => {
    const app = await appWith(
      z.array(z.unknown()).refine((v) => (v as unknown as { a: { b: number } }).a.b > 0),
    );
    const res = await app.inject({ method: 'POST', url: '/x', payload: [1] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ response: false, errormessage: MSG.invalidValue });
    await app.close();
  });

  it('lets a body schema that takes null decide, and refuses null where it does not', async () => {
    const nullable = await appWith(z.object({ a: z.string() }).nullable());
    const ok = await nullable.inject({
      method: 'POST',
      url: '/x',
      payload: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.statusCode).toBe(200);
    await nullable.close();
    const strict = await appWith(z.object({ a: z.string() }));
    const refused = await strict.inject({
      method: 'POST',
      url: '/x',
      payload: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errormessage: MSG.required,
      data: { errors: { body: MSG.required } },
    });
    await strict.close();
  });
});
