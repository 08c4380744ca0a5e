import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Locator } from 'playwright-core';

const run = promisify(execFile);

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a region of the remote desktop's canvas shows, from its pixels (every 4th one, each way). */
export interface CanvasStats {
  /** the canvas's own size: the remote framebuffer's */
  width: number;
  height: number;
  /** share of near-black pixels (a desktop that is not painted, or no frame yet) */
  black: number;
  /** share of pixels of `background` (the bare desktop) */
  background: number;
  /** standard deviation of the luminance: a program's window has text, icons and edges */
  spread: number;
}

/**
 * Reads the noVNC canvas's pixels in the page (a 2D canvas the page drew itself, so readable) over
 * `rect` (default: all of it). Null while there is no canvas with a size yet.
 */
export function canvasStats(canvas: Locator, background: string, rect?: Rect): Promise<CanvasStats | null> {
  return canvas.evaluate(
    (el, { background, rect }) => {
      const c = el as HTMLCanvasElement;
      if (!c.width || !c.height) return null;
      const r = rect ?? { x: 0, y: 0, width: c.width, height: c.height };
      const data = c.getContext('2d')!.getImageData(r.x, r.y, r.width, r.height).data;
      const bg = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16));
      let n = 0;
      let black = 0;
      let bare = 0;
      let sum = 0;
      let squares = 0;
      for (let y = 0; y < r.height; y += 4)
        for (let x = 0; x < r.width; x += 4) {
          const i = (y * r.width + x) * 4;
          const [red, green, blue] = [data[i]!, data[i + 1]!, data[i + 2]!];
          const lum = 0.299 * red + 0.587 * green + 0.114 * blue;
          n++;
          if (red < 16 && green < 16 && blue < 16) black++;
          if (Math.abs(red - bg[0]!) + Math.abs(green - bg[1]!) + Math.abs(blue - bg[2]!) < 12) bare++;
          sum += lum;
          squares += lum * lum;
        }
      const mean = sum / n;
      return {
        width: c.width,
        height: c.height,
        black: black / n,
        background: bare / n,
        spread: Math.sqrt(Math.max(0, squares / n - mean * mean)),
      };
    },
    { background, rect },
  );
}

/** A visible window on `display` whose name matches `name` (xdotool's regular expression), or null. */
export async function windowOn(display: string, name: string): Promise<Rect | null> {
  const env = { ...process.env, DISPLAY: display };
  const found = await run('xdotool', ['search', '--onlyvisible', '--name', name], { env }).catch(() => null);
  const id = found?.stdout.trim().split('\n')[0];
  if (!id) return null;
  const geometry = await run('xdotool', ['getwindowgeometry', '--shell', id], { env }).catch(() => null);
  if (!geometry) return null;
  const v = Object.fromEntries(
    geometry.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('=') as [string, string]),
  );
  return { x: Number(v.X), y: Number(v.Y), width: Number(v.WIDTH), height: Number(v.HEIGHT) };
}

/** The page point over the remote screen's point (x, y): the canvas is scaled to fit the page. */
export async function pagePoint(canvas: Locator, x: number, y: number) {
  const box = (await canvas.boundingBox())!;
  const size = await canvas.evaluate((el) => [
    (el as HTMLCanvasElement).width,
    (el as HTMLCanvasElement).height,
  ]);
  return { x: box.x + (x * box.width) / size[0]!, y: box.y + (y * box.height) / size[1]! };
}
