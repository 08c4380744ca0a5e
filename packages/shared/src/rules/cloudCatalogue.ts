/**
 * The cloud catalogue's document (spec 001 §1): its schema, the rules a shape cannot say and
 * the seeded default. Apart from rules/cloud.ts so that a page needing the cloud texts and clocks
 * (the top bar's session banner) does not load zod and parse the default catalogue.
 */
import { z } from 'zod';
import { addProductMessages } from './messages.ts';

const slug = z.string().regex(/^[a-z0-9_]{1,60}$/);

/**
 * What must exist on a workstation: a program name looked up on PATH, or an absolute path. Never
 * run through a shell, so it holds no arguments.
 */
const check = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .regex(/^[^\s]+$/);

/**
 * How the workstation agent starts a software: an argv (no shell), and whether the project folder's
 * path is appended to it. A software without one cannot run on the local provider.
 */
const launch = z.object({
  command: z.array(z.string().min(1).max(300)).min(1).max(20),
  check,
  open_folder: z.boolean().default(false),
});

const catalogueShape = z.object({
  system_types: z.array(z.object({ slug, title: z.string().min(1), icon: z.string().default('') })).min(1),
  softwares: z
    .array(
      z.object({
        slug,
        title: z.string().min(1),
        system_type: slug,
        /** Opens an external editing tool in a new tab and skips the wizard (produb_editing). */
        external_url: z.string().url().optional(),
        /** The software has no plugin step. */
        skip_plugins: z.boolean().default(false),
        /** The user brings their own Adobe licence (shown on the ready step). */
        is_adobe_license_required: z.boolean().default(false),
        launch: launch.optional(),
      }),
    )
    .min(1),
  plugins: z.array(
    z.object({
      slug,
      title: z.string().min(1),
      /** PSC per hour, added to the hardware price */
      pricing: z.number().int().nonnegative(),
      softwares: z.array(slug),
      /** must exist on a workstation for the plugin to be offered there; none: offered wherever its software runs */
      check: check.optional(),
      configurations: z.object({
        description: z.string().default(''),
        /** plugins selected together with this one */
        auto_select: z.array(slug).default([]),
      }),
    }),
  ),
  hardware: z
    .array(
      z.object({
        slug,
        title: z.string().min(1),
        /** PSC per hour */
        pricing: z.number().int().positive(),
        /** machines of this kind that can run at once */
        capacity: z.number().int().nonnegative(),
        configurations: z.object({ processors: z.string(), message: z.string().default('') }),
      }),
    )
    .min(1),
});

/** Why a catalogue is refused (the admin page shows them at the field). */
export const CATALOGUE_ERRORS = {
  duplicate: 'Each slug may appear once in its list',
  type: 'Choose a system type from the list',
  software: 'Choose software from the list',
  autoSelect: 'Auto-select only other plugins from the list',
} as const;

/** The admin editor's launch fields (a command's words are its arguments, no shell). */
export const CATALOGUE_FIELDS = {
  launchCommand: 'Launch command',
  installedCheck: 'Installed check',
} as const;

const duplicated = (list: readonly { slug: string }[]) =>
  list.some((x, i) => list.findIndex((y) => y.slug === x.slug) !== i);

/**
 * The catalogue document (the JSON file, the database row, the admin page's save): the shape, plus
 * what a shape cannot say — unique slugs per list, and every reference names an entry that exists.
 */
export const cloudCatalogueSchema = catalogueShape.superRefine((c, issue) => {
  for (const key of ['system_types', 'softwares', 'plugins', 'hardware'] as const)
    if (duplicated(c[key]))
      issue.addIssue({ code: 'custom', path: [key], message: CATALOGUE_ERRORS.duplicate });
  const types = new Set(c.system_types.map((t) => t.slug));
  const softwares = new Set(c.softwares.map((s) => s.slug));
  const plugins = new Set(c.plugins.map((p) => p.slug));
  c.softwares.forEach((s, i) => {
    if (!types.has(s.system_type))
      issue.addIssue({
        code: 'custom',
        path: ['softwares', i, 'system_type'],
        message: CATALOGUE_ERRORS.type,
      });
  });
  c.plugins.forEach((p, i) => {
    if (p.softwares.some((x) => !softwares.has(x)))
      issue.addIssue({
        code: 'custom',
        path: ['plugins', i, 'softwares'],
        message: CATALOGUE_ERRORS.software,
      });
    if (p.configurations.auto_select.some((x) => !plugins.has(x) || x === p.slug))
      issue.addIssue({
        code: 'custom',
        path: ['plugins', i, 'configurations', 'auto_select'],
        message: CATALOGUE_ERRORS.autoSelect,
      });
  });
});
export type CloudCatalogue = z.output<typeof cloudCatalogueSchema>;
export type CloudPlugin = CloudCatalogue['plugins'][number];
export type CloudHardware = CloudCatalogue['hardware'][number];
export type CloudSoftware = CloudCatalogue['softwares'][number];
export type CloudLaunch = NonNullable<CloudSoftware['launch']>;

/** The seeded catalogue. */
export const DEFAULT_CLOUD_CATALOGUE: CloudCatalogue = cloudCatalogueSchema.parse({
  system_types: [
    { slug: 'video_editing', title: 'Video Editing', icon: 'movie' },
    { slug: 'colour_grading', title: 'Colour Grading', icon: 'palette' },
  ],
  softwares: [
    {
      slug: 'premiere_pro',
      title: 'Adobe Premiere Pro',
      system_type: 'video_editing',
      is_adobe_license_required: true,
    },
    { slug: 'davinci_resolve', title: 'DaVinci Resolve', system_type: 'video_editing' },
    {
      slug: 'kdenlive',
      title: 'Kdenlive',
      system_type: 'video_editing',
      skip_plugins: true,
      launch: { command: ['kdenlive'], check: 'kdenlive' },
    },
    {
      slug: 'shotcut',
      title: 'Shotcut',
      system_type: 'video_editing',
      launch: { command: ['shotcut'], check: 'shotcut' },
    },
    { slug: 'davinci_resolve_studio', title: 'DaVinci Resolve Studio', system_type: 'colour_grading' },
    {
      slug: 'produb_editing',
      title: 'ProDub Editing',
      system_type: 'video_editing',
      external_url: 'https://produb.example.com/editor',
    },
  ],
  plugins: [
    {
      slug: 'neat_video',
      title: 'Neat Video',
      pricing: 40,
      softwares: ['premiere_pro', 'davinci_resolve', 'davinci_resolve_studio'],
      configurations: { description: 'Noise reduction for video' },
    },
    {
      slug: 'red_giant_universe',
      title: 'Red Giant Universe',
      pricing: 60,
      softwares: ['premiere_pro', 'davinci_resolve'],
      configurations: { description: 'Transitions and effects', auto_select: ['magic_bullet'] },
    },
    {
      slug: 'magic_bullet',
      title: 'Magic Bullet Looks',
      pricing: 30,
      softwares: ['premiere_pro', 'davinci_resolve'],
      configurations: { description: 'Colour looks' },
    },
    {
      slug: 'frei0r_effects',
      title: 'frei0r Effects',
      pricing: 20,
      softwares: ['shotcut'],
      check: '/usr/lib/frei0r-1',
      configurations: { description: 'Open video effects and filters' },
    },
  ],
  hardware: [
    {
      slug: 'standard',
      title: 'Standard',
      pricing: 150,
      capacity: 2,
      configurations: { processors: '4 vCPU, 16 GB RAM', message: 'Good for HD timelines' },
    },
    {
      slug: 'performance',
      title: 'Performance',
      pricing: 300,
      capacity: 1,
      configurations: { processors: '8 vCPU, 32 GB RAM, GPU', message: 'For 4K and effects-heavy work' },
    },
  ],
});

addProductMessages([...Object.values(CATALOGUE_ERRORS), ...Object.values(CATALOGUE_FIELDS)]);
