import { projectPolicy, type ProjectAccess, type ProjectRule } from '../projects/index.ts';

/**
 * Camera to edit needs the project-level can_camera_to_edit permission (spec 001 §6), which a
 * project admin grants in the member's permission panel; the creator holds every code. Reading the
 * sessions needs it too: the details show the FTP password.
 */
export const canUseCamera: ProjectRule = (a) => a.codes.includes('can_camera_to_edit');

/** The camera routes' policy: the project named by `project_db_id`, checked before the handler. */
export const cameraPolicy = () => projectPolicy(canUseCamera);

declare module '../../platform/policies.ts' {
  interface PolicyAccess {
    'camera.canUseCamera': ProjectAccess;
  }
}
