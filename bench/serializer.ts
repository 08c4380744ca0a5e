import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { API, ROUTES } from '@rushes/shared';
import type { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { folder, person, project } from '../apps/server/test/factories.ts';
import { createTestApp } from '../apps/server/test/harness.ts';
import { replies } from '../apps/server/src/platform/http/envelope.ts';
import { createSerializerCompiler, compileFastJson } from './serializer-candidate.ts';
/**
 * Is fast-json-stringify worth it behind the type provider? The real answers of an
 * asset-list page (50 of 60 assets) and of check-login, written 3,000 times by fastify-type-provider-zod's
 * serializer (zod check + JSON.stringify) and by a candidate (zod check + fast-json-stringify compiled
 * from the same schema, bench/serializer-candidate.ts); 5 interleaved pairs. `npm run bench -- serializer`
 */
export async function run() {
  const t = await createTestApp({ RATE_LIMIT: 'false' });
  const owner = await person(t);
  const projectId = await project(t, owner);
  const folderId = await folder(t, projectId, 'Rushes');
  await t.ctx.db
    .execute(sql`insert into assets (project_id, parent_id, title, file_type, folder_path, ingest_code, size_bytes, status)
  select ${projectId}, ${folderId}, 'clip_' || g || '.mov', 'video', '/Rushes', 'SR' || g, 1000, 1 from generate_series(1, 60) g`);
  const res = await t.call('GET', API.assets.root, {
    cookie: owner.cookie,
    query: { project_db_id: projectId, folder_db_id: folderId },
  });
  const body = res.body;
  const check = await t.call('GET', API.auth.checkLogin, { cookie: owner.cookie });
  const def = Object.values(
    ROUTES as unknown as Record<
      string,
      Record<string, { path: string; method: string; response: z.ZodType }>
    >,
  ).flatMap((m) => Object.values(m));
  for (const [name, path, b] of [
    ['asset list', API.assets.root, body],
    ['check-login', API.auth.checkLogin, check.body],
  ] as const) {
    const route = def.find((d) => d.path === path && d.method === 'GET')!;
    const schema = replies(route.response)[200];
    const theirs = serializerCompiler({ schema, method: 'GET', url: path } as never) as (
      d: unknown,
    ) => string;
    const ours = createSerializerCompiler({ verify: false })({ schema, method: 'GET', url: path });
    const verify = createSerializerCompiler({ verify: true })({ schema, method: 'GET', url: path });
    verify(b);
    const N = 3000;
    const time = (f: (d: unknown) => string) => {
      for (let i = 0; i < 300; i++) f(b);
      const t0 = performance.now();
      for (let i = 0; i < N; i++) f(b);
      return ((performance.now() - t0) / N) * 1000;
    };
    const a: number[] = [],
      o: number[] = [];
    for (let r = 0; r < 5; r++) {
      a.push(time(theirs));
      o.push(time(ours));
    }
    a.sort((x, y) => x - y);
    o.sort((x, y) => x - y);
    const fjs = compileFastJson(schema);
    const alone = (f: (d: unknown) => string) => {
      const t0 = performance.now();
      for (let i = 0; i < N; i++) f(b);
      return ((performance.now() - t0) / N) * 1000;
    };
    const js = (() => {
      const t0 = performance.now();
      for (let i = 0; i < N; i++) JSON.stringify(b);
      return ((performance.now() - t0) / N) * 1000;
    })();
    console.log(
      `${name}: ${JSON.stringify(b).length} bytes; type provider (zod + JSON.stringify) ${a[2].toFixed(1)} µs (${a[0].toFixed(1)}–${a[4].toFixed(1)}), ours (zod + fast-json-stringify) ${o[2].toFixed(1)} µs (${o[0].toFixed(1)}–${o[4].toFixed(1)}); alone: JSON.stringify ${js.toFixed(1)} µs, fast-json-stringify ${alone(fjs).toFixed(1)} µs`,
    );
  }
  await t.close();
}
