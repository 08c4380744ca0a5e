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
  agentKey: 'Agent key',
  agentKeyOnce:
    'Shown this once. Run this on the workstation (as the desktop user) to start its agent service; it brings each session’s project files onto the machine and sends renders back.',
  agentKeyRotate: 'New agent key',
  agentKeyRotated: 'New agent key made: the old one no longer works',
  agentKeyNone: 'No agent key',
  agentSeen: 'Agent last seen',
  agentNeverSeen: 'Agent not seen yet',
  copyCommand: 'Copy the command',
} as const;

/** The agent service's command line for a pool workstation (shown with its key once). */
export const agentServiceCommand = (url: string, key: string) =>
  `rushes-upload agent --service --url ${url} --machine-key ${key}`;

addProductMessages(Object.values(CLOUD_ADMIN_TEXT));
