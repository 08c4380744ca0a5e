import { Anchor, Code, Image, List, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The user guide's Markdown, rendered as React elements only (no HTML string is ever produced, so
 * nothing in a guide file can inject markup): # headings, paragraphs, - and 1. lists, | tables,
 * ``` code, ![images](/guide/…) from the app's own guide assets, [links](…) to same-origin paths,
 * #anchors or http(s) addresses, **bold**, *italic* and `code`.
 */

const INLINE = /(\*\*[^*\n]+\*\*|`[^`\n]+`|\*[^*\n]+\*|\[[^\]\n]+\]\([^)\s]+\))/g;

/** Links the guide may hold: its own anchors, same-origin paths, http(s) pages (new tab). */
export function safeHref(href: string): { href: string; external: boolean } | null {
  if (/^#[\w-]+$/.test(href)) return { href, external: false };
  if (/^\/(?!\/)[\w\-./?=&%#]*$/.test(href)) return { href, external: false };
  if (/^https?:\/\/[^\s]+$/i.test(href)) return { href, external: true };
  return null;
}

function inline(text: string, key: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const k = `${key}.${i}`;
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={k}>{part.slice(2, -2)}</strong>;
    if (/^`[^`]+`$/.test(part)) return <Code key={k}>{part.slice(1, -1)}</Code>;
    if (/^\*[^*]+\*$/.test(part)) return <em key={k}>{part.slice(1, -1)}</em>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const safe = safeHref(link[2]);
      if (!safe) return link[1];
      return (
        <Anchor
          key={k}
          href={safe.href}
          target={safe.external ? '_blank' : undefined}
          rel={safe.external ? 'noopener noreferrer' : undefined}
        >
          {link[1]}
        </Anchor>
      );
    }
    return part;
  });
}

export type Block =
  | { kind: 'p'; text: string }
  | { kind: 'h'; level: number; text: string }
  | { kind: 'ul' | 'ol'; items: string[] }
  | { kind: 'code'; text: string }
  | { kind: 'img'; alt: string; src: string }
  | { kind: 'table'; head: string[]; rows: string[][] };

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

export function blocksOf(source: string): Block[] {
  const blocks: Block[] = [];
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
    const image = /^!\[([^\]]*)\]\((\/guide\/[\w\-.]+)\)\s*$/.exec(line);
    if (image) {
      blocks.push({ kind: 'img', alt: image[1], src: image[2] });
      continue;
    }
    if (line.trim().startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i].trim().startsWith('|'); i += 1) {
        if (!/^\s*\|[\s:|-]+\|\s*$/.test(lines[i])) rows.push(cells(lines[i]));
      }
      i -= 1;
      blocks.push({ kind: 'table', head: rows[0] ?? [], rows: rows.slice(1) });
      continue;
    }
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const kind = bullet ? 'ul' : 'ol';
      const last = blocks[blocks.length - 1];
      if (last && last.kind === kind) last.items.push(item[1]);
      else blocks.push({ kind, items: [item[1]] });
      continue;
    }
    const last = blocks[blocks.length - 1];
    const prev = lines[i - 1] ?? '';
    if (last?.kind === 'p' && prev.trim() !== '') last.text += ` ${line.trim()}`;
    else blocks.push({ kind: 'p', text: line.trim() });
  }
  return blocks;
}

/** One guide section; its first heading carries the section's anchor id. */
export function GuideMarkdown({ source, id }: { source: string; id: string }) {
  const blocks = blocksOf(source);
  const firstHeading = blocks.findIndex((b) => b.kind === 'h');
  return (
    <>
      {blocks.map((block, i) => {
        const key = `${id}.${i}`;
        switch (block.kind) {
          case 'h': {
            const first = i === firstHeading;
            return (
              <Title
                key={key}
                id={first ? id : undefined}
                order={Math.min(block.level + 1, 6) as 2 | 3 | 4 | 5}
                mt={first ? 0 : 'md'}
                mb="xs"
                style={{ scrollMarginTop: '7rem' }}
              >
                {inline(block.text, key)}
              </Title>
            );
          }
          case 'ul':
          case 'ol':
            return (
              <List
                key={key}
                type={block.kind === 'ol' ? 'ordered' : 'unordered'}
                spacing={4}
                mb="sm"
                size="sm"
              >
                {block.items.map((item, j) => (
                  <List.Item key={j}>{inline(item, `${key}.${j}`)}</List.Item>
                ))}
              </List>
            );
          case 'code':
            return (
              <Code key={key} block mb="sm">
                {block.text}
              </Code>
            );
          case 'img':
            return (
              <Image
                key={key}
                src={block.src}
                alt={block.alt}
                radius="sm"
                mb="sm"
                maw="100%"
                style={{ border: '1px solid var(--mantine-color-gray-3)' }}
              />
            );
          case 'table':
            return (
              <Table.ScrollContainer key={key} minWidth={0} mb="sm">
                <Table withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      {block.head.map((c, j) => (
                        <Table.Th key={j}>{inline(c, `${key}.h${j}`)}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {block.rows.map((row, r) => (
                      <Table.Tr key={r}>
                        {row.map((c, j) => (
                          <Table.Td key={j}>{inline(c, `${key}.${r}.${j}`)}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            );
          default:
            return (
              <Text key={key} size="sm" mb="sm">
                {inline(block.text, key)}
              </Text>
            );
        }
      })}
    </>
  );
}
