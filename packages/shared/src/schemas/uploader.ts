import { z } from 'zod';
import { UPLOADER_TARGETS } from '../rules/uploader.ts';

const targets = UPLOADER_TARGETS.map((t) => t.os) as [string, ...string[]];

/** How a platform's file is made (packages/uploader/scripts/build.mjs). */
export const uploaderForm = z.enum(['sea', 'zip', 'tar.gz']);

/** One platform on the uploader page: its built file (size, SHA-256, where to download it) or not built. */
export const uploaderBuild = z.object({
  os: z.enum(targets),
  title: z.string(),
  built: z.boolean(),
  file: z.string().nullable(),
  /** same-origin path of the file, or null when it has not been built */
  url: z.string().nullable(),
  size: z.number().int().nullable(),
  sha256: z.string().nullable(),
  form: uploaderForm.nullable(),
  node: z.string().nullable(),
});
export type UploaderBuild = z.infer<typeof uploaderBuild>;

export const uploaderBuilds = z.object({
  /** the uploader's version and the Node.js it runs on, null when nothing has been built */
  version: z.string().nullable(),
  node: z.string().nullable(),
  built_at: z.string().nullable(),
  platforms: z.array(uploaderBuild),
});
export type UploaderBuilds = z.infer<typeof uploaderBuilds>;

/** A built file by its name (only the names the build's manifest lists are served). */
export const uploaderFileQuery = z.object({
  name: z
    .string()
    .max(120)
    .regex(/^rushes-upload-[A-Za-z0-9._-]+$/),
});
