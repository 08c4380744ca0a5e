import { GUIDE_SECTIONS, type GuideSection } from '@rushes/shared';

/** The guide's Markdown files (content/<id>.md), bundled as text with the guide page's chunk. */
const files = import.meta.glob<string>('./content/*.md', { query: '?raw', import: 'default', eager: true });

export interface GuideEntry {
  id: GuideSection;
  title: string;
  source: string;
  /** Lower-cased text for search. */
  haystack: string;
}

export const GUIDE: readonly GuideEntry[] = GUIDE_SECTIONS.map((id) => {
  const source = files[`./content/${id}.md`] ?? `# ${id}`;
  const title = /^#\s+(.*)$/m.exec(source)?.[1] ?? id;
  return { id, title, source, haystack: source.toLowerCase() };
});

/** Sections whose text holds every word of the query (case-insensitive). */
export function searchGuide(query: string): readonly GuideEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return GUIDE;
  return GUIDE.filter((entry) => words.every((w) => entry.haystack.includes(w)));
}
