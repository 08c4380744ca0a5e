import { z } from 'zod';

const uploaderDefault = {
  default: 'the file `UPLOADER_DIST` holds for that OS, else the product’s own `/uploader?os=…` page',
};

export const uploader = {
  UPLOADER_DIST: z.string().optional().meta({
    default: '`packages/uploader/dist`',
    description:
      'folder of the uploader files `npm run build:uploader` makes (with their `manifest.json`): served to logged-in users and listed on `/uploader`; a platform missing there is shown as not built',
  }),
  UPLOADER_URL_WINDOWS: z
    .string()
    .url()
    .optional()
    .meta({ ...uploaderDefault, description: 'what the uploader download answers for Windows' }),
  UPLOADER_URL_WINDOWS_PORTABLE: z
    .string()
    .url()
    .optional()
    .meta({ ...uploaderDefault, description: 'what the uploader download answers for Windows (portable)' }),
  UPLOADER_URL_MACOS_INTEL: z
    .string()
    .url()
    .optional()
    .meta({ ...uploaderDefault, description: 'what the uploader download answers for macOS on Intel' }),
  UPLOADER_URL_MACOS_SILICON: z
    .string()
    .url()
    .optional()
    .meta({
      ...uploaderDefault,
      description: 'what the uploader download answers for macOS on Apple silicon',
    }),
};
