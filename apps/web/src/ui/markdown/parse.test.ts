import { describe, expect, it } from 'vitest';
import { ANSWER_MARKDOWN, GUIDE_MARKDOWN } from '../Markdown.tsx';
import { blocksOf, inlineOf, safeHref, type MarkdownDialect } from './parse.ts';

/** The two dialects the app uses, as ui/Markdown.tsx defines them (the user guide, an AI answer). */
const GUIDE: MarkdownDialect = GUIDE_MARKDOWN;
const ANSWER: MarkdownDialect = ANSWER_MARKDOWN;

describe('blocksOf', () => {
  it('reads headings of levels 1 to 4, and a fifth # as text', () => {
    expect(blocksOf('# One\n## Two\n#### Four\n##### Five', GUIDE)).toEqual([
      { kind: 'h', level: 1, text: 'One' },
      { kind: 'h', level: 2, text: 'Two' },
      { kind: 'h', level: 4, text: 'Four' },
      { kind: 'p', lines: ['##### Five'] },
    ]);
  });

  it('joins the lines of a paragraph (guide) or keeps them (answer); a blank line splits', () => {
    const source = 'first line\n  second line\n\nnext paragraph';
    expect(blocksOf(source, GUIDE)).toEqual([
      { kind: 'p', lines: ['first line', 'second line'] },
      { kind: 'p', lines: ['next paragraph'] },
    ]);
    expect(blocksOf(source, ANSWER)[0]).toEqual({ kind: 'p', lines: ['first line', '  second line'] });
  });

  it('reads bullet and numbered lists; • is a bullet only where the dialect says so', () => {
    expect(blocksOf('- a\n* b\n1. one\n2) two', GUIDE)).toEqual([
      { kind: 'ul', items: ['a', 'b'] },
      { kind: 'ol', items: ['one', 'two'] },
    ]);
    expect(blocksOf('• dot', ANSWER)).toEqual([{ kind: 'ul', items: ['dot'] }]);
    expect(blocksOf('• dot', GUIDE)).toEqual([{ kind: 'p', lines: ['• dot'] }]);
  });

  it('keeps a fenced code block verbatim, Markdown and all, to its closing fence or the end', () => {
    expect(blocksOf('```\n# not a heading\n<b>x</b>\n```\nafter', GUIDE)).toEqual([
      { kind: 'code', text: '# not a heading\n<b>x</b>' },
      { kind: 'p', lines: ['after'] },
    ]);
    expect(blocksOf('```\nnever closed', GUIDE)).toEqual([{ kind: 'code', text: 'never closed' }]);
  });

  it("reads a table's head and rows, skipping the separator line (guide only)", () => {
    const source = '| Plan | Price |\n| --- | :-: |\n| Free | 0 |\n| Pro | 10 |';
    expect(blocksOf(source, GUIDE)).toEqual([
      {
        kind: 'table',
        head: ['Plan', 'Price'],
        rows: [
          ['Free', '0'],
          ['Pro', '10'],
        ],
      },
    ]);
    expect(blocksOf(source, ANSWER)[0].kind).toBe('p');
  });

  it("takes images from the guide's own assets only", () => {
    expect(blocksOf('![The tray](/guide/tray-1.png)', GUIDE)).toEqual([
      { kind: 'img', alt: 'The tray', src: '/guide/tray-1.png' },
    ]);
    for (const line of [
      '![x](https://evil.example/x.png)',
      '![x](/guide/../../secret.png)',
      '![x](/guide/a.png" onerror="alert(1))',
      '![x](javascript:alert(1))',
    ])
      expect(blocksOf(line, GUIDE).map((b) => b.kind)).toEqual(['p']);
    expect(blocksOf('![x](/guide/a.png)', ANSWER).map((b) => b.kind)).toEqual(['p']);
  });

  it('reads Windows and old Mac line ends', () => {
    expect(blocksOf('# A\r\ntext\rmore', GUIDE)).toEqual([
      { kind: 'h', level: 1, text: 'A' },
      { kind: 'p', lines: ['text', 'more'] },
    ]);
  });
});

describe('inlineOf', () => {
  it('reads **bold**, *italic*, `code` and plain text in order', () => {
    expect(inlineOf('a **b** *c* `d` e', GUIDE)).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'strong', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'em', text: 'c' },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'd' },
      { kind: 'text', text: ' e' },
    ]);
  });

  it('reads _italic_ only where the dialect says so (snake_case names stay text in the guide)', () => {
    expect(inlineOf('_x_', ANSWER)).toEqual([{ kind: 'em', text: 'x' }]);
    expect(inlineOf('file_name_here', GUIDE)).toEqual([{ kind: 'text', text: 'file_name_here' }]);
  });

  it('makes links to safe addresses; http(s) ones open outside', () => {
    expect(inlineOf('see [Plans](/plans) or [docs](https://example.com/a?b=1)', GUIDE)).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'Plans', href: '/plans', external: false },
      { kind: 'text', text: ' or ' },
      { kind: 'link', text: 'docs', href: 'https://example.com/a?b=1', external: true },
    ]);
  });

  it('shows a link to an unsafe address as its text only', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/\\evil.example',
      'file:///etc/passwd',
    ])
      expect(inlineOf(`[click](${href})`, GUIDE)).not.toContainEqual(
        expect.objectContaining({ kind: 'link' }),
      );
    expect(inlineOf('[click](javascript:alert(1))', GUIDE)[0]).toEqual({ kind: 'text', text: 'click' });
  });

  it("takes no '[' into a link's text or address: the link starts after the last '['", () => {
    expect(inlineOf('[[x](/a)', GUIDE)).toEqual([
      { kind: 'text', text: '[' },
      { kind: 'link', text: 'x', href: '/a', external: false },
    ]);
    expect(inlineOf('[x](/a[b)', GUIDE)).toEqual([{ kind: 'text', text: '[x](/a[b)' }]);
  });

  it('leaves links as plain text where the dialect has none (an AI answer)', () => {
    expect(inlineOf('[x](https://example.com)', ANSWER)).toEqual([
      { kind: 'text', text: '[x](https://example.com)' },
    ]);
  });

  it('keeps HTML as the characters it is', () => {
    const html = '<img src=x onerror=alert(1)><script>alert(1)</script>';
    expect(inlineOf(html, GUIDE)).toEqual([{ kind: 'text', text: html }]);
  });
});

describe('safeHref', () => {
  it('accepts in-page anchors, same-origin paths and http(s) pages', () => {
    expect(safeHref('#billing')).toEqual({ href: '#billing', external: false });
    expect(safeHref('/guide/x?y=1#z')).toEqual({ href: '/guide/x?y=1#z', external: false });
    expect(safeHref('HTTPS://example.com')).toEqual({ href: 'HTTPS://example.com', external: true });
  });

  it('refuses scripts, other schemes, protocol-relative and odd paths', () => {
    for (const href of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'mailto:a@b.c',
      '//evil.example',
      '/\\evil.example',
      '/a b',
      '#a b',
      '/x"onmouseover="alert(1)',
      'https://a b',
      '',
    ])
      expect(safeHref(href), href).toBeNull();
  });
});

describe('hostile and large input', () => {
  const long = (n: number) => [
    'a'.repeat(n),
    '*'.repeat(n),
    '**' + 'a'.repeat(n),
    '*a'.repeat(n / 2),
    '['.repeat(n),
    '[a]('.repeat(n / 4),
    '`'.repeat(n),
    '_a'.repeat(n / 2),
    '| a '.repeat(n / 4),
    '#'.repeat(n) + ' x',
    '- '.repeat(n / 2),
    '\n'.repeat(n),
    '![a](/guide/'.repeat(n / 12),
  ];
  const read = (source: string, d: MarkdownDialect) => {
    const started = performance.now();
    for (const b of blocksOf(source, d)) if (b.kind === 'p') inlineOf(b.lines.join(' '), d);
    return performance.now() - started;
  };

  // An AI answer can echo what a user typed: 100 000 characters of any of these read in linear time
  // (a quadratic scan takes tens of seconds here, so the bound is loose for a busy machine).
  it('reads long answer text quickly (no runaway regular expression)', () => {
    for (const source of long(100_000)) expect(read(source, ANSWER), source.slice(0, 12)).toBeLessThan(2_000);
  });

  // The guide is the app's own text, read at the size of a guide section.
  it('reads guide-sized text quickly', () => {
    for (const source of long(5_000)) expect(read(source, GUIDE), source.slice(0, 12)).toBeLessThan(1_000);
  });

  // A link rule that scanned the line to its end once per '[' took about 20 s on 100 000 of them;
  // read in linear time, these finish well within the test's time limit.
  it('reads 100 000 unclosed links of the guide as their text', () => {
    for (const source of ['['.repeat(100_000), '[a]('.repeat(25_000), '[a](b'.repeat(20_000)]) {
      expect(blocksOf(source, GUIDE), source.slice(0, 12)).toEqual([{ kind: 'p', lines: [source] }]);
      expect(inlineOf(source, GUIDE), source.slice(0, 12)).toEqual([{ kind: 'text', text: source }]);
    }
  });

  it('loses no text of a long line', () => {
    const line = 'word '.repeat(20_000).trim();
    const parts = inlineOf(line, GUIDE);
    expect(parts.map((p) => ('text' in p ? p.text : '')).join('')).toBe(line);
  });
});
