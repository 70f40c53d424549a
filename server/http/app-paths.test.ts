import { describe, expect, it } from 'vitest';
import { isAppPath } from './static';

const appPaths = ['/', '/login', '/dashboard', '/dashboard/creator', '/briefs/:id', '/docs/*'];

describe('isAppPath: whether the app draws a page at a path, as its router matches it', () => {
  it('takes the listed paths in any case, with or without trailing slashes', () => {
    for (const path of ['/', '/login', '/Login', '/login/', '/login//', '/dashboard', '/DASHBOARD/Creator/']) expect(isAppPath(appPaths, path), path).toBe(true);
  });

  it('takes any one segment for :name and anything for a final *', () => {
    for (const path of ['/briefs/42', '/briefs/ข้าว', '/docs', '/docs/', '/docs/a', '/docs/a/b/c']) expect(isAppPath(appPaths, path), path).toBe(true);
  });

  it('refuses every other path', () => {
    for (const path of ['/logins', '/log', '/dashboard/nope', '/dashboard/creator/more', '/dashboard//creator', '//login', '/briefs', '/briefs/', '/briefs/42/more', '/doc', '/x/docs', '/ไทย'])
      expect(isAppPath(appPaths, path), path).toBe(false);
  });

  it('refuses everything but / when the app lists only /, and takes everything when the build listed nothing (an older build)', () => {
    expect(isAppPath(['/'], '/')).toBe(true);
    expect(isAppPath(['/'], '/login')).toBe(false);
    expect(isAppPath([], '/')).toBe(false);
    expect(isAppPath(undefined, '/anything/at/all')).toBe(true);
  });
});
