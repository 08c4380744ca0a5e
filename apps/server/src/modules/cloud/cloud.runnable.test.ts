import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_API, CLOUD_TEXT, DEFAULT_CLOUD_CATALOGUE, type CloudCatalogue } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { availability, book, call, cloudWorld, config, time, type Person } from './cloud.testkit.ts';
import { localRunnableReport } from './cloud.runnable.ts';

/**
 * What the local provider offers is what this machine can run: a software whose launch
 * program is on PATH, a plugin whose check exists (and one of whose softwares runs), and the external
 * tools. The rest is not listed, and booking it is 'Resource is not available'. The programs here are
 * stand-ins on a PATH of the test's own (no desktop is started).
 */
let t: TestApp;
let bin: string;
let pluginDir: string;
let owner: Person;
let projectId: string;
const PATH = process.env.PATH;

const catalogue = (dir: string): CloudCatalogue => ({
  ...DEFAULT_CLOUD_CATALOGUE,
  softwares: DEFAULT_CLOUD_CATALOGUE.softwares.map((s) =>
    s.slug === 'shotcut'
      ? { ...s, launch: { ...s.launch!, command: ['fake-shotcut'], check: 'fake-shotcut' } }
      : s,
  ),
  plugins: DEFAULT_CLOUD_CATALOGUE.plugins.map((p) =>
    p.slug === 'frei0r_effects' ? { ...p, check: path.join(dir, 'frei0r-1') } : p,
  ),
});

beforeAll(async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'rushes-runnable-'));
  bin = path.join(root, 'bin');
  pluginDir = path.join(root, 'lib');
  await mkdir(bin);
  await mkdir(pluginDir);
  // Xvfb, openbox and x11vnc stand-ins: the provider is available, nothing is started here
  for (const name of ['Xvfb', 'openbox', 'x11vnc', 'fake-shotcut']) {
    await writeFile(path.join(bin, name), '#!/bin/sh\nexit 0\n');
    await chmod(path.join(bin, name), 0o755);
  }
  const file = path.join(root, 'catalogue.json');
  await writeFile(file, JSON.stringify(catalogue(pluginDir)));
  t = await createTestApp({ CLOUD_PROVIDER: 'local', CLOUD_CATALOGUE_FILE: file });
  process.env.PATH = bin;
  ({ owner, projectId } = await cloudWorld(t, 0));
});
afterAll(async () => {
  process.env.PATH = PATH;
  await t?.close();
});

const softwares = async () =>
  (
    await call<{ softwares: { slug: string }[] }>(t, 'GET', CLOUD_API.softwares, owner, {
      project_db_id: projectId,
    })
  ).body.data.softwares.map((s) => s.slug);
const plugins = async (software: string) =>
  (
    await call<{ plugins: { slug: string }[] }>(t, 'GET', CLOUD_API.plugins, owner, {
      project_db_id: projectId,
      software_slug: software,
    })
  ).body;

describe('the local provider offers what this machine runs', () => {
  it('lists the installed software and the external tools, not the others', async () => {
    expect(await softwares()).toEqual(['shotcut', 'produb_editing']);
    const premiere = await plugins('premiere_pro');
    expect(premiere.errormessage).toBe(CLOUD_TEXT.resourceNotAvailable);
  });

  it('lists a plugin only when its check exists', async () => {
    expect((await plugins('shotcut')).data.plugins.map((p) => p.slug)).toEqual([]);
    await mkdir(path.join(pluginDir, 'frei0r-1'));
    expect((await plugins('shotcut')).data.plugins.map((p) => p.slug)).toEqual(['frei0r_effects']);
    const report = await localRunnableReport(catalogue(pluginDir));
    expect(report.softwares).toMatchObject({ shotcut: null, kdenlive: 'kdenlive is not installed' });
    expect(report.softwares.premiere_pro).toBe('no launch command in the catalogue');
    expect(report.plugins.neat_video).toBe('none of its softwares runs here');
  });

  it("refuses to book what it cannot run: 'Resource is not available', nothing booked", async () => {
    const premiere = await book(t, owner, projectId);
    expect(premiere.status).toBe(409);
    expect(premiere.body.errormessage).toBe(CLOUD_TEXT.resourceNotAvailable);
    // a runnable software with a plugin that is not: refused too
    const red = await call(t, 'POST', CLOUD_API.availability, owner, {
      project_db_id: projectId,
      duration: 60,
      task_type: 'task',
      cloud_configuration_db_id: config('standard', ['neat_video'], 'shotcut').id,
    });
    expect(red.body.errormessage).toBe(CLOUD_TEXT.resourceNotAvailable);
    expect((await time(t, owner)).body.data.session).toBeNull();
    // the premiere default of the availability helper is refused as well
    expect((await availability(t, owner, projectId)).status).toBe(409);
  });

  it('with nothing runnable the provider says why', async () => {
    const provider = (await import('./cloud.providers.ts')).providerOf(t.ctx, t.app.log as never);
    expect(await provider.unavailableReason(catalogue(pluginDir))).toBeNull();
    process.env.PATH = path.join(bin, 'none');
    try {
      expect(await provider.unavailableReason(catalogue(pluginDir))).toMatch(/needs Xvfb, openbox, x11vnc/);
    } finally {
      process.env.PATH = bin;
    }
    const noLaunch = {
      ...catalogue(pluginDir),
      softwares: catalogue(pluginDir).softwares.filter((s) => !s.launch),
    };
    expect(await provider.unavailableReason(noLaunch)).toMatch(
      /no software of the cloud catalogue is installed/,
    );
  });
});
