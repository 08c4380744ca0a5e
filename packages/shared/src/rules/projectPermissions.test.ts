import { describe, expect, it } from 'vitest';
import {
  PROJECT_PERMISSIONS,
  effectiveProjectPermissions,
  projectPermissionView,
  roleTitle,
  toggleProjectPermission,
} from './projectPermissions.ts';
import { roleDeleted, MSG } from './messages.ts';
import { folderName, keywords, metadataSubmittable, projectName } from '../schemas/projects.ts';

const id = (code: string) => PROJECT_PERMISSIONS.find((p) => p.code === code)!.id;
const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0].message;

describe('project permission rules', () => {
  it('share_to_download_all_assets forces download_all_assets and disables it', () => {
    expect(effectiveProjectPermissions(['share_to_download_all_assets'])).toEqual([
      'share_to_download_all_assets',
      'download_all_assets',
    ]);
    const view = projectPermissionView(['share_to_download_all_assets']);
    expect(view.find((p) => p.code === 'download_all_assets')).toMatchObject({
      is_selected: true,
      is_disabled: true,
    });
    const off = projectPermissionView(['download_all_assets']);
    expect(off.find((p) => p.code === 'download_all_assets')).toMatchObject({
      is_selected: true,
      is_disabled: false,
    });
  });

  it('toggling share on adds download; toggling share off keeps download but frees it', () => {
    const on = toggleProjectPermission([], id('share_to_download_all_assets'));
    expect(on).toEqual([id('share_to_download_all_assets'), id('download_all_assets')]);
    expect(toggleProjectPermission(on, id('share_to_download_all_assets'))).toEqual([
      id('download_all_assets'),
    ]);
  });

  it('the creator holds every code; unknown codes are dropped', () => {
    expect(effectiveProjectPermissions([], 'creator')).toHaveLength(PROJECT_PERMISSIONS.length);
    expect(effectiveProjectPermissions(['nope', 'can_delete_assets'])).toEqual(['can_delete_assets']);
  });

  it("names roles in '<Role> deleted successfully'", () => {
    expect(roleDeleted(roleTitle('collaborator'))).toBe('Collaborator deleted successfully');
    expect(roleDeleted(roleTitle('admin'))).toBe('Admin deleted successfully');
  });
});

describe('project and asset field rules', () => {
  it('project name: special characters, blank only, required, 100 characters', () => {
    expect(firstError(projectName().safeParse('My_Film 2'))).toBeNull();
    expect(firstError(projectName().safeParse('Film-2'))).toBe(MSG.removeSpecialCharacters);
    expect(firstError(projectName().safeParse('   '))).toBe(MSG.removeBlankSpace);
    expect(firstError(projectName().safeParse(''))).toBe(MSG.required);
    expect(firstError(projectName().safeParse('a'.repeat(101)))).toBe(MSG.charLimit100);
  });

  it('folder name: hyphen allowed, slash refused, 1 to 100', () => {
    expect(firstError(folderName().safeParse('Day-1_A cam'))).toBeNull();
    expect(firstError(folderName().safeParse('a/b'))).toBe(MSG.removeSpecialCharacters);
    expect(firstError(folderName().safeParse('a'.repeat(101)))).toBe(MSG.folderNameLimit);
  });

  it('keywords: combined length at most 100; submit needs a name or a keyword', () => {
    expect(firstError(keywords().safeParse(['a'.repeat(50), 'b'.repeat(50)]))).toBeNull();
    expect(firstError(keywords().safeParse(['a'.repeat(50), 'b'.repeat(51)]))).toBe(MSG.keywordsLimit);
    expect(metadataSubmittable({ keywords: [], additional_filename: ' ' })).toBe(false);
    expect(metadataSubmittable({ keywords: ['x'], additional_filename: '' })).toBe(true);
  });
});
