import { describe, expect, it } from 'vitest';
import { passiveAddress } from './ftpPassive.ts';

describe('the address a PASV reply announces', () => {
  it('is the address the control connection reached, unless one is fixed', () => {
    expect(passiveAddress({ fixed: null, local: '::ffff:192.168.1.20', remote: '::ffff:192.168.1.77' })).toBe(
      '192.168.1.20',
    );
    expect(passiveAddress({ fixed: '203.0.113.9', local: '10.0.0.5', remote: '198.51.100.4' })).toBe(
      '203.0.113.9',
    );
    // A client on loopback is answered loopback, fixed or not (as ftp-srv did).
    expect(passiveAddress({ fixed: '203.0.113.9', local: '127.0.0.1', remote: '::ffff:127.0.0.1' })).toBe(
      '127.0.0.1',
    );
    // PASV cannot name an IPv6 address: the client is told to use EPSV.
    expect(passiveAddress({ fixed: null, local: '2001:db8::1', remote: '2001:db8::2' })).toBeNull();
  });
});
