import { describe, expect, it } from 'vitest';
import {
  RESTRICTED_EXTENSIONS,
  UPLOAD_PART_SIZE_DEFAULT,
  extensionOf,
  externalPlayerHref,
  isRestrictedExtension,
  normaliseFilename,
  partCountFor,
  partSizeFor,
  unsupportedReason,
} from './uploads.ts';

describe('upload rules (spec 002 §5, 000 §4)', () => {
  it('refuses scripts, executables, installers, java archives and php, whatever the case', () => {
    for (const name of [
      'a.exe',
      'b.MSI',
      'c.jar',
      'd.php',
      'e.sh',
      'f.bat',
      'g.ps1',
      'h.dmg',
      'i.apk',
      'j.war',
    ]) {
      expect(unsupportedReason(name), name).toBe('restricted_extension');
    }
    expect(isRestrictedExtension('exe')).toBe(true);
    expect(RESTRICTED_EXTENSIONS.every((e) => e === e.toLowerCase() && !e.startsWith('.'))).toBe(true);
  });

  it('judges the name as Windows saves it: trailing dots and white space do not hide an extension', () => {
    for (const name of ['evil.exe.', 'evil.exe ', 'evil.EXE. . ', 'evil.exe...', 'a.jar\u00a0']) {
      expect(unsupportedReason(name), JSON.stringify(name)).toBe('restricted_extension');
      expect(isRestrictedExtension(name), JSON.stringify(name)).toBe(true);
    }
    expect(isRestrictedExtension('exe.')).toBe(true);
    expect(normaliseFilename('Take 2.MOV. ')).toBe('Take 2.MOV');
    expect(normaliseFilename('clip.mp4')).toBe('clip.mp4');
    expect(extensionOf('clip.mp4. ')).toBe('mp4');
    expect(extensionOf('evil.exe.')).toBe('exe');
    expect(unsupportedReason('clip.mp4.')).toBeNull();
    expect(unsupportedReason(' . ')).toBe('special_characters');
  });

  it('takes media, documents and names with dots, brackets and accents', () => {
    for (const name of [
      'A001_C002.mov',
      'take 2 (final).MP4',
      'Scène été.wav',
      'still.v2.png',
      'notes.txt',
      'README',
    ]) {
      expect(unsupportedReason(name), name).toBeNull();
    }
    expect(extensionOf('clip.PHP.mov')).toBe('mov');
    expect(unsupportedReason('clip.php.mov')).toBeNull();
  });

  it('sends names with special characters and bad folder paths to the modal', () => {
    for (const name of ['a<b>.mov', 'x;y.mov', 'what?.mp4', '.DS_Store', 'tab\tname.mov', 'a/b.mov']) {
      expect(unsupportedReason(name), name).toBe('special_characters');
    }
    expect(unsupportedReason('ok.mov', '/Shoot/Day 1')).toBeNull();
    expect(unsupportedReason('ok.mov', '/Shoot/../x')).toBe('special_characters');
    expect(unsupportedReason('ok.mov', 'relative')).toBe('special_characters');
  });

  it('keeps the configured part size until 10,000 parts would not do', () => {
    expect(partSizeFor(10)).toBe(UPLOAD_PART_SIZE_DEFAULT);
    expect(partSizeFor(2 * 1024 ** 3)).toBe(UPLOAD_PART_SIZE_DEFAULT);
    const huge = 500 * 1024 ** 3;
    const size = partSizeFor(huge);
    expect(partCountFor(huge, size)).toBeLessThanOrEqual(10_000);
    expect(size % (1024 * 1024)).toBe(0);
    expect(partCountFor(0, size)).toBe(1);
  });

  it('builds the external player address with id and project query', () => {
    expect(externalPlayerHref('https://player.example.com/view?x=1', 'a1', 'p2')).toBe(
      'https://player.example.com/view?x=1&id=a1&project=p2',
    );
  });
});
