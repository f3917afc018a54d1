import { describe, expect, it } from 'vitest';

import { addressKey, clientAddress, networkOf } from '../src/common/rateLimit.js';

describe('the address a rate limit counts', () => {
  it('is the last X-Forwarded-For entry (the one Google appends), else the socket address', () => {
    expect(clientAddress({ headers: { 'x-forwarded-for': '203.0.113.7' }, ip: '10.0.0.1' })).toBe(
      '203.0.113.7',
    );
    // Whatever the client wrote before it is ignored (Express's req.ip would pick the first).
    expect(clientAddress({ headers: { 'x-forwarded-for': '1.2.3.4, 5.6.7.8 ,203.0.113.7' } })).toBe(
      '203.0.113.7',
    );
    expect(clientAddress({ headers: { 'x-forwarded-for': ['1.2.3.4', '203.0.113.7'] } })).toBe('203.0.113.7');
    expect(clientAddress({ headers: {}, ip: '::ffff:127.0.0.1' })).toBe('127.0.0.1');
    expect(clientAddress({ headers: { 'x-forwarded-for': ' , ' } })).toBe('unknown');
    expect(clientAddress({ headers: {} })).toBe('unknown');
  });

  it('counts IPv6 by its /64 and refuses to trust anything that is not an address', () => {
    expect(networkOf('2001:db8:85a3:0042:1000:8a2e:370:7334')).toBe('2001:db8:85a3:42::/64');
    expect(networkOf('2001:DB8:85a3:42::1')).toBe('2001:db8:85a3:42::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(networkOf('198.51.100.9')).toBe('198.51.100.9');
    for (const junk of ['', 'evil', '999.1.1.1', '198.51.100.9:443']) expect(networkOf(junk)).toBe('unknown');
  });

  it('is stored only as a keyed hash, per purpose', () => {
    const secret = 's'.repeat(40);
    const key = addressKey(secret, 'checkUsername', '203.0.113.7');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(addressKey(secret, 'checkUsername', '203.0.113.7')).toBe(key);
    expect(addressKey('t'.repeat(40), 'checkUsername', '203.0.113.7')).not.toBe(key);
    expect(addressKey(secret, 'other', '203.0.113.7')).not.toBe(key);
    expect(addressKey(secret, 'checkUsername', '203.0.113.8')).not.toBe(key);
  });
});
