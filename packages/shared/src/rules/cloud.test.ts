import { describe, expect, it } from 'vitest';
import {
  configurationId,
  formatCloudCountdown,
  parseConfigurationId,
  pricePerHour,
  sessionCost,
  togglePlugin,
} from './cloud.ts';
import { DEFAULT_CLOUD_CATALOGUE as C } from './cloudCatalogue.ts';

describe('cloud prices (spec 001 §1: plugin prices add to the hardware price per hour)', () => {
  it.each([
    ['standard', [], 60, 150, 150],
    ['standard', ['neat_video'], 60, 190, 190],
    ['standard', ['neat_video'], 120, 190, 380],
    ['performance', ['red_giant_universe', 'magic_bullet'], 180, 390, 1170],
    ['performance', ['neat_video', 'red_giant_universe', 'magic_bullet'], 240, 430, 1720],
    // the same plugin twice counts once
    ['standard', ['neat_video', 'neat_video'], 60, 190, 190],
  ])('%s + %j for %i min: %i PSC/h, %i PSC', (hw, plugins, minutes, perHour, total) => {
    expect(pricePerHour(C, hw, plugins)).toBe(perHour);
    expect(sessionCost(pricePerHour(C, hw, plugins), minutes)).toBe(total);
  });

  it('refuses unknown hardware or plugins', () => {
    expect(() => pricePerHour(C, 'nope', [])).toThrow();
    expect(() => pricePerHour(C, 'standard', ['nope'])).toThrow();
  });
});

describe('plugin selection (spec 001 §4.7)', () => {
  it.each([
    [
      'selecting a plugin with auto_select adds the others',
      [],
      'red_giant_universe',
      ['red_giant_universe', 'magic_bullet'],
    ],
    ['selecting a plain plugin adds only itself', [], 'neat_video', ['neat_video']],
    [
      'auto-selected plugins already chosen are not doubled',
      ['magic_bullet'],
      'red_giant_universe',
      ['magic_bullet', 'red_giant_universe'],
    ],
    [
      'deselecting removes only itself',
      ['red_giant_universe', 'magic_bullet'],
      'red_giant_universe',
      ['magic_bullet'],
    ],
    [
      'deselecting an auto-selected one keeps its source',
      ['red_giant_universe', 'magic_bullet'],
      'magic_bullet',
      ['red_giant_universe'],
    ],
  ])('%s', (_name, selected, pick, expected) => {
    expect(togglePlugin(C, 'premiere_pro', selected, pick)).toEqual(expected);
  });

  it('auto-selects only plugins the software offers, and ignores plugins it does not', () => {
    expect(togglePlugin(C, 'davinci_resolve_studio', [], 'red_giant_universe')).toEqual([]);
    expect(togglePlugin(C, 'davinci_resolve_studio', [], 'neat_video')).toEqual(['neat_video']);
  });

  it('auto-selected plugins are priced too', () => {
    const chosen = togglePlugin(C, 'premiere_pro', [], 'red_giant_universe');
    expect(pricePerHour(C, 'standard', chosen)).toBe(150 + 60 + 30);
  });
});

describe('configuration ids and countdowns', () => {
  it('round-trips, plugins sorted', () => {
    const id = configurationId('premiere_pro', 'standard', ['neat_video', 'magic_bullet']);
    expect(id).toBe('premiere_pro.standard.magic_bullet+neat_video');
    expect(parseConfigurationId(id)).toEqual({
      software: 'premiere_pro',
      hardware: 'standard',
      plugins: ['magic_bullet', 'neat_video'],
    });
    expect(parseConfigurationId(configurationId('kdenlive', 'standard', []))?.plugins).toEqual([]);
    expect(parseConfigurationId('x')).toBeNull();
  });

  it('shows hours only when non-zero', () => {
    expect(formatCloudCountdown(3723_000)).toBe('1:02:03');
    expect(formatCloudCountdown(123_000)).toBe('02:03');
    expect(formatCloudCountdown(-5)).toBe('00:00');
  });

  it('the catalogue offers produb_editing as an external tool', () => {
    expect(C.softwares.find((s) => s.slug === 'produb_editing')?.external_url).toMatch(/^https:/);
  });
});
