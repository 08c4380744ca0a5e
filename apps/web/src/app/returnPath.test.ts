import { describe, expect, it } from 'vitest';
import { loginReturn, returnPath } from './paths.ts';

describe('coming back after logging in', () => {
  it('keeps the device page and its code, nothing else', () => {
    expect(loginReturn({ pathname: '/device', search: '?code=WDJB-MJHT' })).toBe('/device?code=WDJB-MJHT');
    expect(loginReturn({ pathname: '/settings', search: '' })).toBe('');
    expect(returnPath(`?${new URLSearchParams({ next: '/device?code=WDJB-MJHT' })}`)).toBe(
      '/device?code=WDJB-MJHT',
    );
    expect(returnPath('?next=/device')).toBe('/device');
  });

  it('never leads to another origin or another page', () => {
    for (const next of [
      '//evil.example/device',
      'https://evil.example/device',
      '/\\evil.example/device',
      '/settings',
      '',
    ]) {
      expect(returnPath(`?${new URLSearchParams({ next })}`)).toBeNull();
    }
    expect(returnPath('')).toBeNull();
  });
});
