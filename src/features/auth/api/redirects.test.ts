import { describe, expect, it } from 'vitest';
import { accessTo, homePathFor, loginTarget, menuLabel, resolveUserType, safeInternalPath } from './redirects';

describe('resolveUserType', () => {
  it.each([
    ['brand', 'creator', 'brand'],
    ['admin', undefined, 'admin'],
    [null, 'brand', 'brand'],
    [undefined, 'admin', 'admin'],
    [null, 'superuser', 'creator'],
    [undefined, undefined, 'creator'],
    ['weird', 'brand', 'brand'],
  ])('profile %s, metadata %s → %s', (profile, metadata, expected) => {
    expect(resolveUserType(profile, metadata)).toBe(expected);
  });
});

describe('homePathFor', () => {
  it.each([
    ['creator', '/dashboard/creator'],
    ['brand', '/dashboard/brand'],
    ['admin', '/dashboard/admin'],
    ['other', '/dashboard'],
    [null, '/dashboard'],
  ])('%s → %s', (type, path) => expect(homePathFor(type)).toBe(path));
});

describe('loginTarget', () => {
  it('sends admins to /admin whatever from says', () => {
    expect(loginTarget({ isAdmin: true, from: '/dashboard/videos', hasProfileOrType: true })).toBe('/admin');
  });
  it('honours from for a user with a profile or type', () => {
    expect(loginTarget({ isAdmin: false, from: '/dashboard/videos', hasProfileOrType: true })).toBe('/dashboard/videos');
  });
  it('falls back to /dashboard without a profile or type, or without from', () => {
    expect(loginTarget({ isAdmin: false, from: '/dashboard/videos', hasProfileOrType: false })).toBe('/dashboard');
    expect(loginTarget({ isAdmin: false, from: null, hasProfileOrType: true })).toBe('/dashboard');
  });
  it('never leaves the site', () => {
    for (const from of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(loginTarget({ isAdmin: false, from, hasProfileOrType: true })).toBe('/dashboard');
    }
    expect(safeInternalPath('/dashboard?tab=1')).toBe('/dashboard?tab=1');
  });
});

describe('menuLabel', () => {
  it.each([
    ['Nok', 'nok@example.com', 'Nok'],
    ['  ', 'ploy.moves@example.com', 'ploy.moves'],
    [null, 'brand@demo.test', 'brand'],
    [null, null, 'Profile'],
    [undefined, '@example.com', 'Profile'],
  ])('first name %s, e-mail %s → %s', (first, email, label) => expect(menuLabel(first, email, 'Profile')).toBe(label));
});

describe('accessTo', () => {
  it('lets the right type in and sends everyone else to sign in', () => {
    expect(accessTo('creator', { signedIn: true, userType: 'creator' })).toBe('allowed');
    expect(accessTo('creator', { signedIn: true, userType: 'brand' })).toBe('sign-in');
    expect(accessTo('admin', { signedIn: true, userType: 'creator' })).toBe('sign-in');
    expect(accessTo('brand', { signedIn: false, userType: null })).toBe('sign-in');
    expect(accessTo('any', { signedIn: true, userType: 'brand' })).toBe('allowed');
    expect(accessTo('any', { signedIn: false, userType: null })).toBe('sign-in');
  });
});
