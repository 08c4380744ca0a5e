// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_MARKDOWN, GUIDE_MARKDOWN, Markdown, type MarkdownPreset } from './Markdown.tsx';

const show = (source: string, preset: MarkdownPreset, anchorId?: string) =>
  render(
    <MantineProvider>
      <Markdown source={source} preset={preset} anchorId={anchorId} />
    </MantineProvider>,
  ).container;

/** Whatever could run: script elements, inline handlers, script-like addresses, raw-HTML hosts. */
function executable(root: Element): string[] {
  const found: string[] = [];
  for (const el of root.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'iframe', 'object', 'embed', 'svg', 'math', 'base', 'form', 'meta'].includes(tag))
      found.push(`<${tag}>`);
    for (const { name, value } of Array.from(el.attributes)) {
      if (/^on/i.test(name)) found.push(`${tag} ${name}`);
      if (
        ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name) &&
        !/^(https?:\/\/|\/(?!\/)|#)/i.test(value)
      )
        found.push(`${tag} ${name}=${value}`);
      if (name === 'srcdoc' || (name === 'style' && /url\(|expression/i.test(value)))
        found.push(`${tag} ${name}`);
    }
  }
  return found;
}

afterEach(cleanup);

describe('Markdown (the user guide)', () => {
  it('renders headings below the page title, the first one carrying the section anchor', () => {
    const root = show('# Trays\ntext\n## Sorting', GUIDE_MARKDOWN, 'trays');
    const headings = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
    expect(headings.map((h) => [h.tagName, h.textContent, h.id])).toEqual([
      ['H2', 'Trays', 'trays'],
      ['H3', 'Sorting', ''],
    ]);
  });

  it('renders emphasis, code and lists', () => {
    const root = show('Some **bold**, *soft* and `code`.\n\n- one\n- two\n\n1. first', GUIDE_MARKDOWN);
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('em')?.textContent).toBe('soft');
    expect(root.querySelector('code')?.textContent).toBe('code');
    expect([...root.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect([...root.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual(['first']);
  });

  it('renders safe links; an outside page opens in a new tab without access to this one', () => {
    const root = show('[Plans](/plans), [up](#top) and [docs](https://example.com)', GUIDE_MARKDOWN);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Plans', '/plans'],
      ['up', '#top'],
      ['docs', 'https://example.com'],
    ]);
    expect(links[0].getAttribute('target')).toBeNull();
    expect(links[2].getAttribute('target')).toBe('_blank');
    expect(links[2].getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders tables and the guide’s own images', () => {
    const root = show('| A | B |\n| - | - |\n| **1** | 2 |\n\n![Tray](/guide/tray.png)', GUIDE_MARKDOWN);
    expect([...root.querySelectorAll('th')].map((c) => c.textContent)).toEqual(['A', 'B']);
    expect(root.querySelector('td strong')?.textContent).toBe('1');
    expect(root.querySelector('img')?.getAttribute('src')).toBe('/guide/tray.png');
    expect(root.querySelector('img')?.getAttribute('alt')).toBe('Tray');
  });
});

describe('Markdown (an AI answer)', () => {
  it('keeps line breaks, shows links as text, and renders no image or table', () => {
    const root = show(
      'line one\nline _two_\n\n• dot\n\n[x](https://example.com)\n\n![a](/guide/a.png)\n\n| a |',
      ANSWER_MARKDOWN,
    );
    expect(root.querySelector('p')?.textContent).toBe('line one\nline two');
    expect(root.querySelector('em')?.textContent).toBe('two');
    expect(root.querySelector('li')?.textContent).toBe('dot');
    expect(root.querySelector('a, img, table')).toBeNull();
    expect(root.textContent).toContain('[x](https://example.com)');
  });

  it('renders small headings under the turn (h4 and below)', () => {
    const root = show('# Answer\n### Detail', ANSWER_MARKDOWN);
    expect([...root.querySelectorAll('h4, h5, h6')].map((h) => h.tagName)).toEqual(['H4', 'H6']);
  });
});

describe('Markdown with hostile input', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<svg onload=alert(1)>',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[click](//evil.example)',
    '[x](https://example.com"onmouseover="alert(1))',
    '[<img src=x onerror=alert(1)>](/plans)',
    '![x](javascript:alert(1))',
    '![x](/guide/x.png"onerror="alert(1))',
    '# <script>alert(1)</script>',
    '- <b onclick=alert(1)>item</b>',
    '| <script>alert(1)</script> | <img src=x onerror=alert(1)> |\n| - | - |\n| a | b |',
    '```\n</code><script>alert(1)</script>\n```',
    '**<style>body{background:url(javascript:alert(1))}</style>**',
  ];

  for (const preset of [GUIDE_MARKDOWN, ANSWER_MARKDOWN]) {
    const name = preset === GUIDE_MARKDOWN ? 'guide' : 'answer';
    it.each(hostile)(`${name}: %s produces nothing executable and keeps the text`, (source) => {
      const root = show(source, preset);
      expect(executable(root)).toEqual([]);
      expect(root.querySelector('img:not([src^="/guide/"])')).toBeNull();
      // HTML stays the characters it is
      if (source.includes('<script>')) expect(root.textContent).toContain('<script>');
    });
  }

  it('renders a very long input in full, quickly', () => {
    const source = Array.from({ length: 2_000 }, (_, i) => `Line ${i} with **bold** and <b>tags</b>`).join(
      '\n',
    );
    const started = performance.now();
    const root = show(source, ANSWER_MARKDOWN);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(root.querySelectorAll('strong')).toHaveLength(2_000);
    expect(root.querySelector('b')).toBeNull();
    expect(root.textContent).toContain('Line 1999 with bold and <b>tags</b>');
  });
});
