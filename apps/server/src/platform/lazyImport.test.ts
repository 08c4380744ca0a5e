import { describe, expect, it } from 'vitest';
import { lazyImport } from './lazyImport.ts';

describe('lazyImport', () => {
  it('loads nothing until asked, then once for every caller, and tells what it loaded', async () => {
    let loads = 0;
    const get = lazyImport(async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return { value: 42 };
    });
    expect(loads).toBe(0);
    expect(get.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([get(), get()]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(get.loaded()).toBe(a);
  });

  it('a package that is not installed fails every use the same way', async () => {
    const get = lazyImport(() => import('no-such-package-rushes' as string));
    await expect(get()).rejects.toThrow(/no-such-package-rushes/);
    await expect(get()).rejects.toThrow(/no-such-package-rushes/);
    expect(get.loaded()).toBeUndefined();
  });
});
