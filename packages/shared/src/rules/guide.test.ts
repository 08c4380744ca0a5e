import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDE_SECTIONS, guideHref } from './shell.ts';

const contentDir = path.resolve(import.meta.dirname, '../../../../apps/web/src/features/guide/content');
const publicDir = path.resolve(import.meta.dirname, '../../../../apps/web/public');
const read = (id: string) => readFileSync(path.join(contentDir, `${id}.md`), 'utf8');

describe('the user guide', () => {
  it('has one Markdown file per section, each starting with its # title, and no file without a section', () => {
    for (const id of GUIDE_SECTIONS) expect(read(id)).toMatch(/^# \S/);
    const files = readdirSync(contentDir).filter((f) => f.endsWith('.md'));
    expect(files.sort()).toEqual(GUIDE_SECTIONS.map((id) => `${id}.md`).sort());
  });

  it('links panels to /user-guide#section', () => {
    expect(guideHref('tasks')).toBe('/user-guide#tasks');
  });

  it('covers the camera (search for camera finds its section)', () => {
    expect(read('camera-to-edit').toLowerCase()).toContain('camera');
  });

  it('shows only screenshots that exist in the guide assets, and no raw HTML', () => {
    for (const id of GUIDE_SECTIONS) {
      const text = read(id);
      expect(text).not.toMatch(/<[a-z!/]/i);
      for (const [, src] of text.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)) {
        expect(src).toMatch(/^\/guide\/[\w\-.]+\.(png|webp|jpg)$/);
        expect(existsSync(path.join(publicDir, src)), src).toBe(true);
      }
    }
  });

  it('links only to its own sections, same-origin paths or https pages', () => {
    for (const id of GUIDE_SECTIONS) {
      for (const [, href] of read(id).matchAll(/(?<!!)\[[^\]]*\]\(([^)]+)\)/g)) {
        if (href.startsWith('#')) expect(GUIDE_SECTIONS).toContain(href.slice(1));
        else expect(href).toMatch(/^(\/(?!\/)|https:\/\/)/);
      }
    }
  });
});
