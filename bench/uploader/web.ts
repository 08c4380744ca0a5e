/**
 * The web uploader in headless Chromium (Playwright, as the e2e flows drive it): the demo producer
 * logs in once, then each upload opens the project's page, picks the file in its upload input and
 * waits for the complete call's answer: the asset is complete on the server.
 */
import { performance } from 'node:perf_hooks';
import type { Browser, Page } from 'playwright-core';
import { API } from '@rushes/shared';
import { contextOptions, launch } from '../../e2e/browser.ts';
import { DEMO_PRODUCER, logIn } from '../../e2e/people.ts';

export interface WebUploader {
  /** Uploads `file` into the project; ms from picking the file to the complete call's answer. */
  upload(projectId: string, file: string): Promise<{ ms: number; ingestId: string }>;
  close(): Promise<void>;
}

export async function webUploader(base: string): Promise<WebUploader> {
  const browser: Browser = await launch();
  const context = await browser.newContext(contextOptions);
  const page: Page = await context.newPage();
  await logIn(page, base, DEMO_PRODUCER);
  return {
    async upload(projectId, file) {
      await page.goto(`${base}/project/${projectId}`);
      const input = page.getByTestId('upload-files-input');
      await input.waitFor({ state: 'attached', timeout: 60_000 });
      const completed = page.waitForResponse(
        (r) => r.url().includes(API.uploads.complete) && r.request().method() === 'POST',
        { timeout: 30 * 60_000 },
      );
      const t0 = performance.now();
      await input.setInputFiles(file);
      const res = await completed;
      const ms = performance.now() - t0;
      const body = (await res.json()) as { data?: { ingest_db_id?: string } };
      if (!res.ok() || !body.data?.ingest_db_id) {
        throw new Error(`web complete answered ${res.status()}: ${JSON.stringify(body).slice(0, 300)}`);
      }
      return { ms, ingestId: body.data.ingest_db_id };
    },
    async close() {
      await browser.close();
    },
  };
}
