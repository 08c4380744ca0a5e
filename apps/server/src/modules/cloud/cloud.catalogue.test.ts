import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_ERRORS,
  CLOUD_API,
  CLOUD_TEXT,
  DEFAULT_CLOUD_CATALOGUE,
  type CloudCatalogue,
} from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { cloudCapacity, cloudCatalogue } from '../../db/schema/index.ts';
import { seedCapacity } from './cloud.catalogue.ts';
import { availability, book, call, cloudWorld, platformAdmin, type Person } from './cloud.testkit.ts';

/**
 * The catalogue in the database: seeded from the default or CLOUD_CATALOGUE_FILE on first
 * start, edited by a platform admin (checked whole), used by lookups, prices and capacity at once; a
 * changed file replaces it at the next start, an unchanged one does not. Everyone else is refused.
 */
const OPS = `ops-cat-${Date.now()}@example.com`;
let t: TestApp;
let ops: Person;
let file: string;

const fileCatalogue = (price: number): CloudCatalogue => ({
  ...DEFAULT_CLOUD_CATALOGUE,
  hardware: DEFAULT_CLOUD_CATALOGUE.hardware.map((h) =>
    h.slug === 'standard' ? { ...h, pricing: price } : h,
  ),
});

beforeAll(async () => {
  file = path.join(await mkdtemp(path.join(os.tmpdir(), 'rushes-catalogue-')), 'catalogue.json');
  writeFileSync(file, JSON.stringify(fileCatalogue(170)));
  t = await createTestApp({
    CLOUD_PROVIDER: 'simulated',
    CLOUD_CATALOGUE_FILE: file,
    PLATFORM_ADMIN_EMAILS: OPS,
  });
  ops = await platformAdmin(t, OPS);
});
afterAll(() => t?.close());

type Answer = { catalogue: CloudCatalogue; updated_on: string | null };
const save = (who: Person, catalogue: unknown) =>
  call<Answer>(t, 'PUT', CLOUD_API.adminCatalogue, who, { catalogue });
const hardwarePrice = async (who: Person, projectId: string) => {
  const res = await call<{ hardware: { slug: string; pricing: number; available: number }[] }>(
    t,
    'GET',
    CLOUD_API.hardware,
    who,
    { project_db_id: projectId, software_slug: 'premiere_pro' },
  );
  return res.body.data.hardware.find((h) => h.slug === 'standard')!;
};

describe('the catalogue a platform admin edits', () => {
  it('is refused to everyone but platform admins', async () => {
    const { owner } = await cloudWorld(t, 0);
    for (const res of [
      await call(t, 'GET', CLOUD_API.adminCatalogue, owner),
      await save(owner, DEFAULT_CLOUD_CATALOGUE),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errormessage).toBe(CLOUD_TEXT.onlyPlatformAdmins);
    }
    const [row] = await t.ctx.db.select().from(cloudCatalogue);
    expect((row!.catalogue as CloudCatalogue).hardware[0]!.pricing).toBe(170);
  });

  it('was seeded from the file; an edit changes prices, plugins and capacity for bookings at once', async () => {
    const { owner, projectId } = await cloudWorld(t, 0);
    const read = await call<Answer>(t, 'GET', CLOUD_API.adminCatalogue, ops);
    expect(read.status).toBe(200);
    const c = read.body.data.catalogue;
    expect(c.hardware.find((h) => h.slug === 'standard')?.pricing).toBe(170);
    expect(c.softwares.find((s) => s.slug === 'produb_editing')?.external_url).toMatch(/^https:/);
    expect((await hardwarePrice(owner, projectId)).pricing).toBe(170);

    const edited: CloudCatalogue = {
      ...c,
      hardware: c.hardware.map((h) =>
        h.slug === 'standard'
          ? { ...h, pricing: 200, capacity: 1, configurations: { processors: '6 vCPU', message: 'New bay' } }
          : h,
      ),
      plugins: [
        ...c.plugins,
        {
          slug: 'film_grain',
          title: 'Film Grain',
          pricing: 25,
          softwares: ['premiere_pro'],
          configurations: { description: 'Grain', auto_select: ['neat_video'] },
        },
      ],
    };
    const saved = await save(ops, edited);
    expect(saved.status).toBe(200);
    expect(saved.body.data.updated_on).not.toBeNull();
    expect(await hardwarePrice(owner, projectId)).toMatchObject({ pricing: 200, available: 1 });
    const [cap] = await t.ctx.db
      .select()
      .from(cloudCapacity)
      .where(eq(cloudCapacity.hardwareSlug, 'standard'));
    expect(cap!.capacity).toBe(1);
    // the new plugin is offered and priced: 200 + 25 + 40 (auto-selected Neat Video) per hour
    const system = await call<{ pricing: number }>(t, 'GET', CLOUD_API.systems, owner, {
      project_db_id: projectId,
      software_slug: 'premiere_pro',
      hardware_slug: 'standard',
      plugin_slug: 'film_grain,neat_video',
    });
    expect(system.body.data.pricing).toBe(265);
    expect((await availability(t, owner, projectId)).body.data.amount).toBe(200);
    const booked = await book(t, owner, projectId, { plugins: ['film_grain'] });
    expect(booked.body.data.charged).toBe(225);
  });

  it('refuses a catalogue that does not hold together, naming the field', async () => {
    const bad = {
      ...DEFAULT_CLOUD_CATALOGUE,
      softwares: DEFAULT_CLOUD_CATALOGUE.softwares.map((s, i) =>
        i === 0 ? { ...s, system_type: 'nope' } : s,
      ),
      plugins: DEFAULT_CLOUD_CATALOGUE.plugins.map((p, i) =>
        i === 0 ? { ...p, configurations: { ...p.configurations, auto_select: ['missing'] } } : p,
      ),
      hardware: [...DEFAULT_CLOUD_CATALOGUE.hardware, DEFAULT_CLOUD_CATALOGUE.hardware[0]!],
    };
    const res = await save(ops, bad);
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    for (const message of [CATALOGUE_ERRORS.type, CATALOGUE_ERRORS.autoSelect, CATALOGUE_ERRORS.duplicate])
      expect(text).toContain(message);
    expect((await save(ops, { ...DEFAULT_CLOUD_CATALOGUE, hardware: [] })).status).toBe(400);
    const negative = DEFAULT_CLOUD_CATALOGUE.plugins.map((p) => ({ ...p, pricing: -1 }));
    expect((await save(ops, { ...DEFAULT_CLOUD_CATALOGUE, plugins: negative })).status).toBe(400);
  });

  it('a start with the same file keeps the edits; a changed file replaces them', async () => {
    await seedCapacity(t.ctx);
    let c = (await call<Answer>(t, 'GET', CLOUD_API.adminCatalogue, ops)).body.data.catalogue;
    expect(c.hardware.find((h) => h.slug === 'standard')?.pricing).toBe(200);
    writeFileSync(file, JSON.stringify(fileCatalogue(180)));
    await seedCapacity(t.ctx);
    c = (await call<Answer>(t, 'GET', CLOUD_API.adminCatalogue, ops)).body.data.catalogue;
    expect(c.hardware.find((h) => h.slug === 'standard')).toMatchObject({ pricing: 180, capacity: 2 });
    expect(c.plugins.some((p) => p.slug === 'film_grain')).toBe(false);
  });
});
