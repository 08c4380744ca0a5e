import { Code, List, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An answer as text with a little Markdown (issue 21: "rendered as text/markdown without HTML"):
 * paragraphs and line breaks, # headings, - and 1. lists, ``` code blocks, **bold**, *italic* and
 * `code`. Everything becomes React text nodes: HTML in an answer shows as the characters it is, and
 * links are shown as their text and address, never made clickable (the answer's own item links,
 * built by the app, sit below it).
 */

const INLINE = /(\*\*[^*\n]+\*\*|`[^`\n]+`|\*[^*\n]+\*|_[^_\n]+_)/g;

function inline(text: string, key: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const k = `${key}.${i}`;
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={k}>{part.slice(2, -2)}</strong>;
    if (/^`[^`]+`$/.test(part)) return <Code key={k}>{part.slice(1, -1)}</Code>;
    if (/^(\*[^*]+\*|_[^_]+_)$/.test(part)) return <em key={k}>{part.slice(1, -1)}</em>;
    return part;
  });
}

type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'h'; level: number; text: string }
  | { kind: 'ul' | 'ol'; items: string[] }
  | { kind: 'code'; text: string };

function blocksOf(source: string): Block[] {
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
    const bullet = /^\s*[-*•]\s+(.*)$/.exec(line);
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
    if (last?.kind === 'p' && lines[i - 1]?.trim() !== '') last.lines.push(line);
    else blocks.push({ kind: 'p', lines: [line] });
  }
  return blocks;
}

export function Markdown({ text }: { text: string }) {
  return (
    <>
      {blocksOf(text).map((b, i) => {
        const key = String(i);
        switch (b.kind) {
          case 'h':
            return (
              <Title key={key} order={Math.min(6, b.level + 3) as 4 | 5 | 6} size="sm" mb={4}>
                {inline(b.text, key)}
              </Title>
            );
          case 'ul':
          case 'ol':
            return (
              <List key={key} type={b.kind === 'ol' ? 'ordered' : 'unordered'} size="sm" mb={4} withPadding>
                {b.items.map((it, j) => (
                  <List.Item key={j}>{inline(it, `${key}.${j}`)}</List.Item>
                ))}
              </List>
            );
          case 'code':
            return (
              <Code key={key} block mb={4}>
                {b.text}
              </Code>
            );
          default:
            return (
              <Text key={key} size="sm" mb={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {b.lines.flatMap((l, j) => [...(j ? ['\n'] : []), ...inline(l, `${key}.${j}`)])}
              </Text>
            );
        }
      })}
    </>
  );
}
