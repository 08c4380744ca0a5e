#!/usr/bin/env node
// Copies the user guide's screenshots from the e2e flows' (the breakpoint sweep and the shell flow
// write them under e2e/screenshots/, always: e2e/browser.ts keeps the ones e2e/guide-shots.json names)
// into apps/web/public/guide/, resized to 960 px wide and cut to 1400 px tall, so the guide shows the
// product as the flows last saw it. Run after `npx vitest run --project e2e e2e/breakpoints.e2e.test.ts
// e2e/shell.e2e.test.ts`; commit the images it writes.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const shots = path.join(root, 'e2e/screenshots');
const out = path.join(root, 'apps/web/public/guide');

/** Guide image ← e2e screenshot. */
const IMAGES = JSON.parse(readFileSync(path.join(root, 'e2e/guide-shots.json'), 'utf8'));

mkdirSync(out, { recursive: true });
let missing = 0;
for (const [name, from] of Object.entries(IMAGES)) {
  const source = path.join(shots, from);
  if (!existsSync(source)) {
    console.error(`guide-screenshots: ${from} is missing (run the breakpoint and shell e2e flows first)`);
    missing += 1;
    continue;
  }
  const image = sharp(source).resize({ width: 960, withoutEnlargement: true });
  const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
  await sharp(data)
    .extract({ left: 0, top: 0, width: info.width, height: Math.min(info.height, 1400) })
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.log(`guide-screenshots: ${name} ← ${from}`);
}
process.exit(missing ? 1 : 0);
