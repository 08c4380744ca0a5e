import { addProductMessages } from './messages.ts';

/**
 * The cloud admin page's texts (catalogue editor, pool rotation choice), apart from
 * CLOUD_TEXT so the shell's cloud banner does not load them.
 */
export const CLOUD_ADMIN_TEXT = {
  adminCatalogue: 'Cloud catalogue',
  catalogueSaved: 'Catalogue saved',
  catalogueSave: 'Save catalogue',
  catalogueSystemTypes: 'System types',
  catalogueSoftwares: 'Software',
  cataloguePlugins: 'Plugins',
  catalogueHardware: 'Hardware',
  catalogueAdd: 'Add',
  slug: 'Slug',
  title: 'Title',
  icon: 'Icon',
  systemType: 'System type',
  externalUrl: 'External tool link (opens in a new tab, no wizard)',
  skipPlugins: 'No plugin step',
  adobeLicenseRequired: 'Needs an Adobe licence',
  pricePerHourRupees: 'Price per hour (₹)',
  capacity: 'Machines',
  processors: 'Processors',
  hardwareMessage: 'Message',
  pluginDescription: 'Description',
  pluginSoftwares: 'For software',
  autoSelect: 'Auto-select',
  catalogueSource:
    'Seeded from the built-in catalogue or CLOUD_CATALOGUE_FILE; a changed file replaces these edits at the next start.',
  rotation: 'Password per session',
  rotationNone: 'Not rotated: every session gets the registered password',
  rotationFile: 'Rotated: a fresh password per session (x11vnc -passwdfile read:)',
} as const;

addProductMessages(Object.values(CLOUD_ADMIN_TEXT));
