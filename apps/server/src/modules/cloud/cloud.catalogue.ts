import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import {
  CLOUD_TEXT,
  cloudCatalogueSchema,
  DEFAULT_CLOUD_CATALOGUE,
  parseConfigurationId,
  pluginsFor,
  pricePerHour,
  type CloudCatalogue,
} from '@rushes/shared';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cloudCapacity, cloudCatalogue, cloudPoolMachines } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { Runnable } from './cloud.machine.ts';
import { offered as offeredBy } from './cloud.runnable.ts';

/** The pool's capacity of a hardware kind is the number of its registered workstations. */
export async function syncPoolCapacity(db: DbOrTx, hardwareSlug: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cloudPoolMachines)
    .where(eq(cloudPoolMachines.hardwareSlug, hardwareSlug));
  await db
    .insert(cloudCapacity)
    .values({ hardwareSlug, capacity: row?.n ?? 0 })
    .onConflictDoUpdate({ target: cloudCapacity.hardwareSlug, set: { capacity: row?.n ?? 0 } });
}

/**
 * The catalogue lives in the database (docs/decisions/0024-cloud-editing.md "Cloud catalogue in the
 * database"): one row, seeded on first start from CLOUD_CATALOGUE_FILE (checked at boot: a broken
 * file stops the server) or the built-in default, then edited by a platform admin on /cloud-admin.
 * A file whose content changed since it was last applied replaces the row at the next start (the
 * operator who deploys a file means it); an unchanged file leaves the admin's edits alone.
 */
export async function catalogueOf(db: DbOrTx): Promise<CloudCatalogue> {
  const [row] = await db.select().from(cloudCatalogue).where(eq(cloudCatalogue.id, 1));
  return row ? cloudCatalogueSchema.parse(row.catalogue) : DEFAULT_CLOUD_CATALOGUE;
}

function readCatalogueFile(config: Config) {
  if (!config.CLOUD_CATALOGUE_FILE) return null;
  const text = readFileSync(config.CLOUD_CATALOGUE_FILE, 'utf8');
  return {
    catalogue: cloudCatalogueSchema.parse(JSON.parse(text)),
    sha256: createHash('sha256').update(text).digest('hex'),
  };
}

/** Each hardware's capacity row (the booking lock), from the catalogue; the pool counts its machines. */
export async function syncCapacity(db: DbOrTx, config: Config, c: CloudCatalogue) {
  // the pool's capacity is its registered workstations (cloud.admin.ts keeps it)
  if (config.CLOUD_PROVIDER === 'pool') {
    for (const h of c.hardware) await syncPoolCapacity(db, h.slug);
    return;
  }
  const rows = c.hardware.map((h) => ({ hardwareSlug: h.slug, capacity: h.capacity }));
  if (rows.length)
    await db
      .insert(cloudCapacity)
      .values(rows)
      .onConflictDoUpdate({ target: cloudCapacity.hardwareSlug, set: { capacity: sql`excluded.capacity` } });
}

/** At every start: the catalogue row (first start, or a changed file), then the capacity rows. */
export async function seedCapacity(ctx: AppContext) {
  const file = readCatalogueFile(ctx.config);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(cloudCatalogue).where(eq(cloudCatalogue.id, 1)).for('update');
    if (!row || (file && file.sha256 !== row.fileSha256)) {
      const values = {
        catalogue: file?.catalogue ?? DEFAULT_CLOUD_CATALOGUE,
        fileSha256: file?.sha256 ?? null,
        updatedBy: null,
        updatedAt: new Date(),
      };
      await tx
        .insert(cloudCatalogue)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: cloudCatalogue.id, set: values });
    }
    await syncCapacity(tx, ctx.config, await catalogueOf(tx));
  });
}

/** A chosen configuration, checked against the catalogue, with its price. */
export interface Chosen {
  configurationId: string;
  software: CloudCatalogue['softwares'][number];
  hardware: CloudCatalogue['hardware'][number];
  plugins: CloudCatalogue['plugins'];
  perHour: number;
}

/**
 * A configuration id checked against the catalogue and what the provider can run (`run`). An
 * unknown or malformed one is a bad request; a known software or plugin that the machines cannot
 * run is 409, as a provider without machines: both read 'Resource is not available'.
 */
export function resolveConfiguration(c: CloudCatalogue, run: Runnable, id: string): Chosen {
  const parsed = parseConfigurationId(id);
  const software = parsed && c.softwares.find((s) => s.slug === parsed.software);
  const hardware = parsed && c.hardware.find((h) => h.slug === parsed.hardware);
  if (!parsed || !software || !hardware || software.external_url)
    throw badRequest(CLOUD_TEXT.resourceNotAvailable);
  const known = pluginsFor(c, software.slug);
  const plugins = parsed.plugins.map((s) => known.find((p) => p.slug === s));
  if (plugins.some((p) => !p) || (software.skip_plugins && plugins.length))
    throw badRequest(CLOUD_TEXT.resourceNotAvailable);
  if (!offeredBy(run, software) || plugins.some((p) => !run.plugins.has(p!.slug)))
    throw new AppError(CLOUD_TEXT.resourceNotAvailable, { status: 409 });
  return {
    configurationId: id,
    software,
    hardware,
    plugins: plugins as CloudCatalogue['plugins'],
    perHour: pricePerHour(c, hardware.slug, parsed.plugins),
  };
}
