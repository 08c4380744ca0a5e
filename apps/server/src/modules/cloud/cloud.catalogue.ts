import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
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
import { cloudCapacity } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { syncPoolCapacity } from './cloud.admin.ts';

const loaded = new WeakMap<Config, CloudCatalogue>();

/**
 * The catalogue (issue 18): the seeded default, or the platform admin's JSON file
 * (CLOUD_CATALOGUE_FILE, same shape, checked at boot: a broken file stops the server).
 */
export function catalogueOf(config: Config): CloudCatalogue {
  let c = loaded.get(config);
  if (!c) {
    c = config.CLOUD_CATALOGUE_FILE
      ? cloudCatalogueSchema.parse(JSON.parse(readFileSync(config.CLOUD_CATALOGUE_FILE, 'utf8')))
      : DEFAULT_CLOUD_CATALOGUE;
    loaded.set(config, c);
  }
  return c;
}

/** At every start: each hardware's capacity row (the booking lock), updated from the catalogue. */
export async function seedCapacity(ctx: AppContext) {
  // the pool's capacity is its registered workstations (cloud.admin.ts keeps it)
  if (ctx.config.CLOUD_PROVIDER === 'pool') {
    for (const h of catalogueOf(ctx.config).hardware) await syncPoolCapacity(ctx.db, h.slug);
    return;
  }
  const rows = catalogueOf(ctx.config).hardware.map((h) => ({ hardwareSlug: h.slug, capacity: h.capacity }));
  if (rows.length)
    await ctx.db
      .insert(cloudCapacity)
      .values(rows)
      .onConflictDoUpdate({ target: cloudCapacity.hardwareSlug, set: { capacity: sql`excluded.capacity` } });
}

/** A chosen configuration, checked against the catalogue, with its price. */
export interface Chosen {
  configurationId: string;
  software: CloudCatalogue['softwares'][number];
  hardware: CloudCatalogue['hardware'][number];
  plugins: CloudCatalogue['plugins'];
  perHour: number;
}

export function resolveConfiguration(c: CloudCatalogue, id: string): Chosen {
  const parsed = parseConfigurationId(id);
  const software = parsed && c.softwares.find((s) => s.slug === parsed.software);
  const hardware = parsed && c.hardware.find((h) => h.slug === parsed.hardware);
  if (!parsed || !software || !hardware || software.external_url)
    throw badRequest(CLOUD_TEXT.resourceNotAvailable);
  const offered = pluginsFor(c, software.slug);
  const plugins = parsed.plugins.map((s) => offered.find((p) => p.slug === s));
  if (plugins.some((p) => !p) || (software.skip_plugins && plugins.length))
    throw badRequest(CLOUD_TEXT.resourceNotAvailable);
  return {
    configurationId: id,
    software,
    hardware,
    plugins: plugins as CloudCatalogue['plugins'],
    perHour: pricePerHour(c, hardware.slug, parsed.plugins),
  };
}
