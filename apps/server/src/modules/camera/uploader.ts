import type { UploaderOs } from '@rushes/shared';
import type { Config } from '../../config.ts';

/**
 * The uploader download URL per OS (001 §2, 002 §7): UPLOADER_URL_* when configured, else the
 * product's own /uploader page (the npm command of packages/uploader and how to build it) as a
 * same-origin path, so it opens logged in on whatever address the app was reached at (DESIGN §9).
 */
export function uploaderUrl(config: Config, os: UploaderOs): string {
  const configured: Record<UploaderOs, string | undefined> = {
    windows: config.UPLOADER_URL_WINDOWS,
    windows_portable: config.UPLOADER_URL_WINDOWS_PORTABLE,
    macos_intel: config.UPLOADER_URL_MACOS_INTEL,
    macos_silicon: config.UPLOADER_URL_MACOS_SILICON,
  };
  return configured[os] ?? `/uploader?os=${os}`;
}
