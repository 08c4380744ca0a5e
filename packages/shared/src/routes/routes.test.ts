import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ROUTES, ROUTES } from './index.ts';

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

describe('the route map', () => {
  it('names each method and path once', () => {
    const keys = ALL_ROUTES.map(key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('gives a GET a query and never a body; a write a body and never a query (but a write of bytes)', () => {
    const wrong = ALL_ROUTES.filter((r) =>
      r.method === 'GET' ? r.body : r.query && !(r.rawBody && !r.body),
    ).map(key);
    expect(wrong).toEqual([]);
  });

  it('declares who may call every route: public, or a policy', () => {
    expect(ALL_ROUTES.filter((r) => !r.public && !r.policy).map(key)).toEqual([]);
    expect(ALL_ROUTES.filter((r) => r.public && r.pending2fa).map(key)).toEqual([]);
  });

  it('has a precise answer schema everywhere (no z.unknown / z.any at the top)', () => {
    const loose = ALL_ROUTES.filter(
      (r) => r.response instanceof z.ZodUnknown || r.response instanceof z.ZodAny,
    );
    expect(loose.map(key)).toEqual([]);
  });

  it('checks an answer against its schema (what the web client does in development)', () => {
    expect(ROUTES.tasks.types.response.safeParse({ task_types: [] }).success).toBe(true);
    expect(ROUTES.teams.create.response.safeParse({ message: 'ok' }).success).toBe(false);
  });

  it('covers every path of API under /api but the self-guarded blob routes and the docs', async () => {
    const { API } = await import('../api.ts');
    const paths = new Set<string>();
    const walk = (v: unknown) => {
      if (typeof v === 'string') paths.add(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(API);
    const mapped = new Set(ALL_ROUTES.map((r) => r.path));
    const unmapped = [...paths].filter(
      (p) => !mapped.has(p) && !p.startsWith('/api/blobs/') && p !== API.docs,
    );
    expect(unmapped).toEqual([]);
  });
});
