/**
 * The one Markdown reader of the app (the user guide and the AI assistant's answers). It only cuts
 * text into blocks and inline pieces; `ui/Markdown.tsx` turns them into React elements, so no HTML
 * string is ever made: a `<b>` in the text stays the three characters it is. Each use names the
 * parts it accepts (its dialect); anything else stays plain text.
 */
export interface MarkdownDialect {
  /** `[text](href)` becomes a link to a safe address (`safeHref`); else a link shows as its text */
  links: boolean;
  /** `![alt](/guide/…)` lines: images from the app's own guide assets */
  images: boolean;
  /** `| a | b |` tables */
  tables: boolean;
  /** `_italic_` besides `*italic*` */
  underscoreItalic: boolean;
  /** `•` as a bullet besides `-` and `*` */
  dotBullets: boolean;
  /** lines of one paragraph: joined by a space (Markdown's rule), or kept as line breaks (chat answers) */
  lineBreaks: 'join' | 'keep';
}

export type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'h'; level: number; text: string }
  | { kind: 'ul' | 'ol'; items: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'img'; alt: string; src: string }
  | { kind: 'table'; head: string[]; rows: string[][] };

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em' | 'code'; text: string }
  | { kind: 'link'; text: string; href: string; external: boolean };

/** Links allowed: in-page anchors, same-origin paths, http(s) pages (opened in a new tab). */
export function safeHref(href: string): { href: string; external: boolean } | null {
  if (/^#[\w-]+$/.test(href)) return { href, external: false };
  if (/^\/(?!\/)[\w\-./?=&%#]*$/.test(href)) return { href, external: false };
  if (/^https?:\/\/[^\s]+$/i.test(href)) return { href, external: true };
  return null;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

export function blocksOf(source: string, d: MarkdownDialect): Block[] {
  const blocks: Block[] = [];
  const bulletRe = d.dotBullets ? /^\s*[-*•]\s+(.*)$/ : /^\s*[-*]\s+(.*)$/;
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      const code: string[] = [];
      for (i += 1; i < lines.length && !/^\s*```/.test(lines[i]); i += 1) code.push(lines[i]);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    if (line.trim() === '') continue;
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({ kind: 'h', level: heading[1].length, text: heading[2] });
      continue;
    }
    const image = d.images ? /^!\[([^\]]*)\]\((\/guide\/[\w\-.]+)\)\s*$/.exec(line) : null;
    if (image) {
      blocks.push({ kind: 'img', alt: image[1], src: image[2] });
      continue;
    }
    if (d.tables && line.trim().startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i].trim().startsWith('|'); i += 1) {
        if (!/^\s*\|[\s:|-]+\|\s*$/.test(lines[i])) rows.push(cells(lines[i]));
      }
      i -= 1;
      blocks.push({ kind: 'table', head: rows[0] ?? [], rows: rows.slice(1) });
      continue;
    }
    const bullet = bulletRe.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const kind = bullet ? 'ul' : 'ol';
      const last = blocks.at(-1);
      if (last && last.kind === kind) last.items.push(item[1]);
      else blocks.push({ kind, items: [item[1]] });
      continue;
    }
    const last = blocks.at(-1);
    const text = d.lineBreaks === 'join' ? line.trim() : line;
    if (last?.kind === 'p' && (lines[i - 1] ?? '').trim() !== '') last.lines.push(text);
    else blocks.push({ kind: 'p', lines: [text] });
  }
  return blocks;
}

/**
 * `[text](href)`, where neither part holds a '[': a match tried at one '[' then stops before the
 * next '[', where the next try starts, so a line of unclosed '[' (or of `[a](` with no ')') is read
 * in linear time instead of being scanned to its end once per '['. Same-origin and in-page
 * addresses never hold a '[' (`safeHref`). LINK reads the parts of what LINK_PART cut out.
 */
const LINK_PART = /\[[^[\]\n]+\]\([^)[\s]+\)/;
const LINK = /^\[([^[\]\n]+)\]\(([^)[\s]+)\)$/;

/** **bold**, *italic* (and `_italic_`), `code` and, where allowed, [links](…). */
export function inlineOf(text: string, d: MarkdownDialect): Inline[] {
  const parts = [/\*\*[^*\n]+\*\*/, /`[^`\n]+`/, /\*[^*\n]+\*/];
  if (d.underscoreItalic) parts.push(/_[^_\n]+_/);
  if (d.links) parts.push(LINK_PART);
  const splitter = new RegExp(`(${parts.map((p) => p.source).join('|')})`, 'g');
  return text
    .split(splitter)
    .filter((part) => part !== '')
    .map((part): Inline => {
      if (/^\*\*[^*]+\*\*$/.test(part)) return { kind: 'strong', text: part.slice(2, -2) };
      if (/^`[^`]+`$/.test(part)) return { kind: 'code', text: part.slice(1, -1) };
      if (/^\*[^*]+\*$/.test(part) || (d.underscoreItalic && /^_[^_]+_$/.test(part)))
        return { kind: 'em', text: part.slice(1, -1) };
      const link = d.links ? LINK.exec(part) : null;
      if (link) {
        const safe = safeHref(link[2]);
        return safe ? { kind: 'link', text: link[1], ...safe } : { kind: 'text', text: link[1] };
      }
      return { kind: 'text', text: part };
    });
}
