import { describe, expect, it } from 'vitest';
import { SessionCache } from './sessionCache.ts';

const row = (userId = 'u1') => ({ userId, expiresAt: 10_000_000, lastSeenAt: 0 });

describe('SessionCache', () => {
  it('keeps a session for its ttl from the read, then forgets it', () => {
    const cache = new SessionCache(5000);
    cache.set('s1', row(), 1000);
    expect(cache.get('s1', 5999)?.userId).toBe('u1');
    expect(cache.get('s1', 6000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('a ttl of 0 keeps nothing', () => {
    const cache = new SessionCache(0);
    cache.set('s1', row(), 1000);
    expect(cache.get('s1', 1000)).toBeUndefined();
  });

  it('drops one session, or every session of a user, and no other', () => {
    const cache = new SessionCache(5000);
    cache.set('a1', row('a'), 1000);
    cache.set('a2', row('a'), 1000);
    cache.set('b1', row('b'), 1000);
    cache.drop({ idHash: 'a1' }, 1100);
    expect(cache.get('a1', 1200)).toBeUndefined();
    expect(cache.get('a2', 1200)).toBeDefined();
    cache.drop({ userId: 'a' }, 1300);
    expect(cache.get('a2', 1400)).toBeUndefined();
    expect(cache.get('b1', 1400)?.userId).toBe('b');
  });

  it('a read that began before a drop is not kept after it (a read racing a logout)', () => {
    const cache = new SessionCache(5000);
    cache.drop({ idHash: 's1' }, 2000);
    cache.set('s1', row(), 1990); // the statement went out before the logout's message arrived
    expect(cache.get('s1', 2010)).toBeUndefined();
    cache.drop({ userId: 'u2' }, 2000);
    cache.set('s2', row('u2'), 2000);
    expect(cache.get('s2', 2010)).toBeUndefined();
    // a read sent after the drop is the database's word again
    cache.set('s1', row(), 2001);
    expect(cache.get('s1', 2010)).toBeDefined();
  });

  it('drops are forgotten after one ttl, in time order', () => {
    const cache = new SessionCache(1000);
    cache.drop({ idHash: 'x' }, 1000);
    cache.drop({ idHash: 'y' }, 1500);
    cache.drop({ idHash: 'x' }, 1800); // moved to the end
    cache.drop({ idHash: 'z' }, 2600); // y (1500) is older than 1600: forgotten; x (1800) stays
    cache.set('y', row(), 1400);
    expect(cache.get('y', 2300)).toBeDefined();
    cache.set('x', row(), 1700);
    expect(cache.get('x', 2300)).toBeUndefined();
  });

  it('when full, expired entries go first, then the oldest', () => {
    const cache = new SessionCache(1000, 2);
    cache.set('old', row(), 0);
    cache.set('mid', row(), 500);
    cache.set('new', row(), 1200); // old has expired (until 1000): it goes, mid stays
    expect(cache.get('mid', 1300)).toBeDefined();
    cache.set('newer', row(), 1300); // both live: the oldest inserted (mid) goes
    expect(cache.get('mid', 1300)).toBeUndefined();
    expect([cache.get('new', 1300), cache.get('newer', 1300)].every(Boolean)).toBe(true);
  });
});
