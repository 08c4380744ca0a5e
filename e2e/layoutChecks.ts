import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const web = path.resolve(import.meta.dirname, '../apps/web/src');

/**
 * Every side-panel type the app has: the keys of the props interface each feature's `panels.ts`
 * merges into PanelPropsMap, read from the source so a new panel fails the sweep until the sweep
 * opens it.
 */
export function registeredPanelTypes(): string[] {
  const types = featureFiles('panels.ts').flatMap((source) => {
    const name = /interface PanelPropsMap extends (\w+) \{\}/.exec(source)?.[1];
    const body = name ? new RegExp(`\\binterface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(source)?.[1] : '';
    return [...(body ?? '').matchAll(/^ {2}(\w+): /gm)].map((m) => m[1]);
  });
  expect(types.length, 'the features declare side panels').toBeGreaterThan(0);
  return types.sort();
}

/**
 * Every logged-in route: the PATHS names (or the paths written out) of the pages the features declare
 * (`features/<f>/pages.ts`) behind RequireAuth, in the shell or outside it (layout 'shell' or
 * 'auth'), read from the source.
 */
export function loggedInRoutes(): string[] {
  const names = featureFiles('pages.ts').flatMap((source) =>
    [
      ...source.matchAll(
        /\{[^{}]*?path: (?:PATHS\.(\w+)|'([^']+)'),[^{}]*?layout: '(?:auth|shell)'[^{}]*\}/g,
      ),
    ].map((m) => m[1] ?? m[2]),
  );
  expect(names.length, 'the features declare logged-in pages').toBeGreaterThan(0);
  return names.sort();
}

/** The source of every feature's file of that name (`features/<f>/<name>`). */
function featureFiles(name: string): string[] {
  const features = path.join(web, 'features');
  return readdirSync(features)
    .map((feature) => path.join(features, feature, name))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'));
}

/** The widths of the document, the body and an open side panel's content, and the viewport's. */
function scrollWidths(page: Page) {
  return page.evaluate(() => {
    const panel = document.querySelector('.mantine-Drawer-body');
    return {
      doc: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      viewport: window.innerWidth,
      panel: panel ? { scroll: panel.scrollWidth, client: panel.clientWidth } : null,
    };
  });
}

/** Horizontal scroll: the document, the body or an open side panel wider than the viewport. */
export async function horizontalScroll(page: Page): Promise<string[]> {
  const sizes = await scrollWidths(page);
  const problems: string[] = [];
  if (sizes.doc > sizes.viewport)
    problems.push(`document ${sizes.doc}px wide in a ${sizes.viewport}px viewport`);
  if (sizes.body > sizes.viewport)
    problems.push(`body ${sizes.body}px wide in a ${sizes.viewport}px viewport`);
  if (sizes.panel && sizes.panel.scroll > sizes.panel.client)
    problems.push(`side panel content ${sizes.panel.scroll}px wide in ${sizes.panel.client}px`);
  return problems;
}

/** No horizontal scroll: the document (and an open side panel) is no wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page, where: string) {
  const sizes = await scrollWidths(page);
  expect(
    sizes.doc,
    `${where}: document ${sizes.doc}px in a ${sizes.viewport}px viewport`,
  ).toBeLessThanOrEqual(sizes.viewport);
  expect(sizes.body, `${where}: body`).toBeLessThanOrEqual(sizes.viewport);
  if (sizes.panel) expect(sizes.panel.scroll, `${where}: side panel`).toBeLessThanOrEqual(sizes.panel.client);
}

/**
 * The visible interactive controls (buttons, links, inputs, menu items, tabs…) inside `scope` (the
 * page without its panels when null): none may cross another one, and none may be cut by the edge
 * of the viewport or by an ancestor that hides its overflow. A control scrolled out of a scrolling
 * list is not visible and not compared; a control inside an input's box (its clear or eye button)
 * is a section of that input, not an overlap. Returns the problems found, each described.
 */
export function controlProblems(page: Page, scope: string | null): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const CONTROLS = [
      'button',
      'a[href]',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=link]',
      '[role=menuitem]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=tab]',
      '[role=combobox]',
      '[role=option]',
    ].join(',');
    // overlays that float over the page by design: toasts, the tour, the support bubble
    const FLOATING =
      '.mantine-Notifications-root, .driver-popover, #support-chat-stand-in, [aria-hidden=true]';
    const root = scopeSelector ? document.querySelector(scopeSelector) : document.body;
    if (!root) return [`${scopeSelector} not found`];
    const viewport = document.documentElement.clientWidth;
    const name = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''} "${text}"`;
    };
    interface Box {
      el: Element;
      l: number;
      t: number;
      r: number;
      b: number;
      field: boolean;
    }
    const problems: string[] = [];
    const boxes: Box[] = [];
    for (const el of root.querySelectorAll(CONTROLS)) {
      if (el.closest(FLOATING)) continue;
      if (
        !scopeSelector &&
        el.closest('.mantine-Drawer-root, .mantine-Modal-root, [role=dialog], [role=menu]')
      )
        continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const field =
        el.matches('input, textarea, select, [role=combobox]') &&
        !el.matches('[type=checkbox], [type=radio]');
      // an inline link that wraps is one box per line, not the rectangle around both lines
      for (const rect of el.getClientRects()) {
        // visually hidden helpers (1 px) and collapsed inputs (Switch, file pickers)
        if (rect.width <= 2 || rect.height <= 2) continue;
        const box: Box = { el, l: rect.left, t: rect.top, r: rect.right, b: rect.bottom, field };
        let hidden = false;
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const style = getComputedStyle(a);
          const clipsX = style.overflowX !== 'visible';
          const clipsY = style.overflowY !== 'visible';
          if (!clipsX && !clipsY) continue;
          const area = a.getBoundingClientRect();
          const scrollsX = /auto|scroll/.test(style.overflowX) && a.scrollWidth > a.clientWidth;
          if (clipsX) {
            // cut sideways by an ancestor that neither shows nor scrolls to the rest: a defect
            const cut = box.l < area.left - 1 || box.r > area.right + 1;
            const inside = box.r > area.left && box.l < area.right;
            if (cut && inside && !scrollsX) problems.push(`${name(el)} is cut by its container's edge`);
            box.l = Math.max(box.l, area.left);
            box.r = Math.min(box.r, area.right);
          }
          if (clipsY) {
            box.t = Math.max(box.t, area.top);
            box.b = Math.min(box.b, area.bottom);
          }
          if (box.r - box.l < 1 || box.b - box.t < 1) {
            hidden = true; // scrolled out of its list: not on screen to collide with anything
            break;
          }
        }
        if (hidden) continue;
        if (box.l < -1 || box.r > viewport + 1)
          problems.push(
            `${name(el)} runs off-screen (${Math.round(box.l)}–${Math.round(box.r)} of ${viewport}px)`,
          );
        boxes.push(box);
      }
    }
    // a page or panel with no control at all was not rendered: the check would prove nothing
    if (boxes.length === 0) problems.push('no visible control to check');
    const within = (a: Box, b: Box) => a.l >= b.l - 1 && a.r <= b.r + 1 && a.t >= b.t - 1 && a.b <= b.b + 1;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.r, b.r) - Math.max(a.l, b.l);
        const h = Math.min(a.b, b.b) - Math.max(a.t, b.t);
        if (w <= 1 || h <= 1) continue;
        // an input's own section (clear, reveal, copy) sits inside the input's box
        if ((b.field && within(a, b)) || (a.field && within(b, a))) continue;
        problems.push(
          `${name(a.el)} overlaps ${name(b.el)} by ${Math.round(w)}×${Math.round(h)}px at (${Math.round(Math.max(a.l, b.l))}, ${Math.round(Math.max(a.t, b.t))})`,
        );
      }
    }
    return [...new Set(problems)];
  }, scope);
}

/** The rendered height of the first match, in px. */
export const heightOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);

/** A computed CSS length of the first match, in px (e.g. max-height). */
export const cssPx = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el, prop) => parseFloat(getComputedStyle(el).getPropertyValue(prop)), property);

/**
 * The scrolling lists in `scope` whose height is capped (a max-height and a vertical scroll), with
 * their cap in px: spec 000 §9 and 001 §2 cap list heights at 20–30rem, 200–300 px at the 10px root.
 */
export function cappedLists(page: Page, scope: string | null): Promise<{ list: string; cap: number }[]> {
  return page.evaluate((scopeSelector) => {
    const root = scopeSelector ? document.querySelector(scopeSelector) : document.body;
    if (!root) return [];
    const found: { list: string; cap: number }[] = [];
    for (const el of root.querySelectorAll('*')) {
      if (el.matches('textarea, input, select, [role=listbox], [role=menu]')) continue;
      if (!scopeSelector && el.closest('.mantine-Drawer-root, .mantine-Modal-root, [role=dialog]')) continue;
      const style = getComputedStyle(el);
      if (style.maxHeight === 'none' || !/auto|scroll/.test(style.overflowY)) continue;
      if (!el.checkVisibility()) continue;
      const label =
        el.getAttribute('aria-label') ??
        el.closest('[aria-label]')?.getAttribute('aria-label') ??
        (el.textContent ?? '').trim().slice(0, 30);
      found.push({
        list: `${el.tagName.toLowerCase()}.${el.className.toString().split(' ')[0]} "${label}"`,
        cap: parseFloat(style.maxHeight),
      });
    }
    return found;
  }, scope);
}

/**
 * Mantine components on the page (or in `scope`) whose styles are missing. The build ships only the
 * styles of the components its bundle holds (apps/web/mantineStyles.ts); a component rendered without
 * them would look broken while every other check passes. Each Mantine element carries its static
 * class (`mantine-Button-root`) and the hashed classes of its stylesheet (`m_77c9d27d`): every hashed
 * class must be named by some rule of the page's stylesheets.
 */
export function unstyledMantineClasses(page: Page, scope: string | null): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const named = new Set<string>();
    // a loop, not a recursive helper: a named function here would need tsx's __name in the page
    const lists: CSSRuleList[] = [...document.styleSheets].map((sheet) => sheet.cssRules);
    for (let rules = lists.pop(); rules; rules = lists.pop())
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule)
          for (const m of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) named.add(m[1]);
        if ('cssRules' in rule) lists.push((rule as CSSGroupingRule).cssRules);
      }
    const root = scopeSelector ? document.querySelector(scopeSelector) : document.body;
    const missing = new Map<string, string>();
    for (const el of root?.querySelectorAll('[class*="mantine-"]') ?? []) {
      const component = [...el.classList].find((c) => /^mantine-[A-Z]/.test(c)) ?? el.tagName.toLowerCase();
      for (const c of el.classList) if (/^m_[0-9a-f]+$/.test(c) && !named.has(c)) missing.set(c, component);
    }
    return [...missing].map(([c, component]) => `${component} has no styles (${c})`);
  }, scope);
}
