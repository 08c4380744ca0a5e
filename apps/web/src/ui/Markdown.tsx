import { Anchor, Code, Image, List, Table, Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { blocksOf, inlineOf, type MarkdownDialect } from './markdown/parse.ts';

/** What a use of Markdown accepts (its dialect) and how it looks. */
export interface MarkdownPreset extends MarkdownDialect {
  /** heading order = Markdown level + this (the page's own title is above) */
  headingOffset: number;
  headingSize?: string;
  /** space above a heading (not the first) and under it */
  headingSpace: { above?: MantineSpacing; below: MantineSpacing | number };
  /** space under each block */
  gap: MantineSpacing | number;
  listPadding: boolean;
}

/**
 * The user guide: a document — its own images, tables and links to same-origin paths,
 * #anchors or http(s) pages; lines of a paragraph join.
 */
export const GUIDE_MARKDOWN: MarkdownPreset = {
  links: true,
  images: true,
  tables: true,
  underscoreItalic: false,
  dotBullets: false,
  lineBreaks: 'join',
  headingOffset: 1,
  headingSpace: { above: 'md', below: 'xs' },
  gap: 'sm',
  listPadding: false,
};

/**
 * An AI answer ("rendered as text/markdown without HTML"): paragraphs keep their line
 * breaks; links show as their text and address, never clickable (the answer's own item links, built
 * by the app, sit below it); no images or tables.
 */
export const ANSWER_MARKDOWN: MarkdownPreset = {
  links: false,
  images: false,
  tables: false,
  underscoreItalic: true,
  dotBullets: true,
  lineBreaks: 'keep',
  headingOffset: 3,
  headingSize: 'sm',
  headingSpace: { below: 4 },
  gap: 4,
  listPadding: true,
};

function inline(text: string, key: string, preset: MarkdownPreset): ReactNode[] {
  return inlineOf(text, preset).map((part, i) => {
    const k = `${key}.${i}`;
    switch (part.kind) {
      case 'strong':
        return <strong key={k}>{part.text}</strong>;
      case 'em':
        return <em key={k}>{part.text}</em>;
      case 'code':
        return <Code key={k}>{part.text}</Code>;
      case 'link':
        return (
          <Anchor
            key={k}
            href={part.href}
            target={part.external ? '_blank' : undefined}
            rel={part.external ? 'noopener noreferrer' : undefined}
          >
            {part.text}
          </Anchor>
        );
      default:
        return part.text;
    }
  });
}

/**
 * Markdown rendered as React elements only: no HTML string is ever produced, so nothing in the text
 * can inject markup (DESIGN §9). With `anchorId`, the first heading carries it (a guide section).
 */
export function Markdown({
  source,
  preset,
  anchorId,
}: {
  source: string;
  preset: MarkdownPreset;
  anchorId?: string;
}) {
  const blocks = blocksOf(source, preset);
  const firstHeading = anchorId === undefined ? -1 : blocks.findIndex((b) => b.kind === 'h');
  const { gap } = preset;
  return (
    <>
      {blocks.map((block, i) => {
        const key = `${anchorId ?? ''}.${i}`;
        switch (block.kind) {
          case 'h': {
            const first = i === firstHeading;
            return (
              <Title
                key={key}
                id={first ? anchorId : undefined}
                order={Math.min(block.level + preset.headingOffset, 6) as 2 | 3 | 4 | 5 | 6}
                size={preset.headingSize}
                mt={first ? 0 : preset.headingSpace.above}
                mb={preset.headingSpace.below}
                // a section's headings stop under the sticky header when the address jumps to them
                style={anchorId === undefined ? undefined : { scrollMarginTop: '7rem' }}
              >
                {inline(block.text, key, preset)}
              </Title>
            );
          }
          case 'ul':
          case 'ol':
            return (
              <List
                key={key}
                type={block.kind === 'ol' ? 'ordered' : 'unordered'}
                spacing={preset.listPadding ? undefined : 4}
                mb={gap}
                size="sm"
                withPadding={preset.listPadding}
              >
                {block.items.map((item, j) => (
                  <List.Item key={j}>{inline(item, `${key}.${j}`, preset)}</List.Item>
                ))}
              </List>
            );
          case 'code':
            return (
              <Code key={key} block mb={gap}>
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
                mb={gap}
                maw="100%"
                style={{ border: '1px solid var(--mantine-color-gray-3)' }}
              />
            );
          case 'table':
            return (
              <Table.ScrollContainer key={key} minWidth={0} mb={gap}>
                <Table withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      {block.head.map((c, j) => (
                        <Table.Th key={j}>{inline(c, `${key}.h${j}`, preset)}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {block.rows.map((row, r) => (
                      <Table.Tr key={r}>
                        {row.map((c, j) => (
                          <Table.Td key={j}>{inline(c, `${key}.${r}.${j}`, preset)}</Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            );
          default:
            return preset.lineBreaks === 'join' ? (
              <Text key={key} size="sm" mb={gap}>
                {inline(block.lines.join(' '), key, preset)}
              </Text>
            ) : (
              <Text key={key} size="sm" mb={gap} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {block.lines.flatMap((l, j) => [...(j ? ['\n'] : []), ...inline(l, `${key}.${j}`, preset)])}
              </Text>
            );
        }
      })}
    </>
  );
}
