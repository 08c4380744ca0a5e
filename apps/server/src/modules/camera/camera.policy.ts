import type { ProjectRule } from '../projects/index.ts';

/**
 * Camera to edit needs the project-level can_camera_to_edit permission (spec 001 §6), which a
 * project admin grants in the member's permission panel; the creator holds every code. Reading the
 * sessions needs it too: the details show the FTP password.
 */
export const canUseCamera: ProjectRule = (a) => a.codes.includes('can_camera_to_edit');
