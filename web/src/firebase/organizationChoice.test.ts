import { beforeEach, describe, expect, it } from 'vitest';
import { chooseOrganization, readDeviceChoice, writeDeviceChoice } from './organizationChoice';

describe('chooseOrganization', () => {
  const ids = ['home', 'agency', 'client'];

  it('opens the device choice first, else the profile default, while they are memberships', () => {
    const all = { home: 'member', agency: 'member', client: 'member' } as const;
    expect(chooseOrganization(ids, all, 'client')).toEqual({ status: 'chosen', organizationId: 'client' });
    expect(chooseOrganization(ids, all, null)).toEqual({ status: 'chosen', organizationId: 'home' });
    // A choice this profile does not list (another person's on a shared computer, a stale one).
    expect(chooseOrganization(ids, all, 'elsewhere')).toEqual({ status: 'chosen', organizationId: 'home' });
  });

  it('waits for an earlier candidate instead of opening a later one and jumping', () => {
    expect(chooseOrganization(ids, { home: 'member', client: 'loading' }, 'client')).toEqual({
      status: 'loading',
    });
    expect(chooseOrganization(ids, { agency: 'member' }, null)).toEqual({ status: 'loading' });
  });

  it('passes over organizations the person was removed from or that failed to load', () => {
    expect(chooseOrganization(ids, { client: 'gone', home: 'gone', agency: 'member' }, 'client')).toEqual({
      status: 'chosen',
      organizationId: 'agency',
    });
    expect(chooseOrganization(ids, { home: 'error', agency: 'member' }, null)).toEqual({
      status: 'chosen',
      organizationId: 'agency',
    });
    expect(chooseOrganization(ids, { home: 'gone', agency: 'gone', client: 'gone' }, null)).toEqual({
      status: 'none',
    });
    expect(chooseOrganization([], {}, 'x')).toEqual({ status: 'none' });
  });
});

describe('the device choice', () => {
  beforeEach(() => window.localStorage.clear());

  it('is kept per person on this device', () => {
    expect(readDeviceChoice('u1')).toBeNull();
    writeDeviceChoice('u1', 'agency');
    expect(readDeviceChoice('u1')).toBe('agency');
    expect(readDeviceChoice('u2')).toBeNull();
  });
});
