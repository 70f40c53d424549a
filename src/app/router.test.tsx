import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { matchRoutes, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUser, brandUser, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { storeSession, type TestUser } from '@/testing/session';
import { profileRow, videoPage } from '@/testing/supabase';
import { paths } from '@/lib/paths';
import { createQueryClient } from './providers';
import { createRoutes, routePaths, startFirstPage } from './router';

// The QR code is an SVG the build makes (vite.config.ts): not this test's business.
vi.mock('./layouts/chat-qr', () => ({ ChatQr: () => null }));

const routes = createRoutes(createQueryClient());
/** The path of the route that draws the page at `path`: '*' for the 404 page. */
const drawnBy = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.path;

/** Every `path` in src/lib/paths.ts, the one place routes are written. */
const pathsOf = (node: object): string[] =>
  Object.entries(node).flatMap(([key, value]) => (key === 'path' && typeof value === 'string' ? [value] : value && typeof value === 'object' ? pathsOf(value) : []));

describe('routePaths: the paths the app draws a page for (the server answers any other 404)', () => {
  it('are every route of src/lib/paths.ts, once each', () => {
    const listed = routePaths(routes);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...new Set(pathsOf(paths))].sort());
  });

  it('each draws a page of its own, not the 404 page', () => {
    for (const path of routePaths(routes)) expect(drawnBy(path), path).not.toBe('*');
  });

  it('leave out the paths that draw the 404 page', () => {
    const listed = routePaths(routes);
    for (const path of ['/no/such/page', '/dashboard/nope', '/dashboard/creator/extra', '/adminx', '/404']) {
      expect(drawnBy(path), path).toBe('*');
      expect(listed, path).not.toContain(path);
    }
  });

  it('join nested paths and count index routes and routes with children, not layouts or the catch-all', () => {
    const tree: RouteObject[] = [
      { path: '/a', children: [{ index: true }, { path: 'b', children: [{ path: ':id' }] }, { path: '*' }] },
      { children: [{ path: '/c' }, { children: [{ index: true }] }] },
      { path: '*' },
    ];
    expect(routePaths(tree).sort()).toEqual(['/', '/a', '/a/b', '/a/b/:id', '/c']);
  });
});

describe('startFirstPage: a dashboard’s requests as the app starts', () => {
  let sent: string[] = [];
  let pending = 0;
  const record = ({ request }: { request: Request }) => {
    sent.push(new URL(request.url).pathname);
    pending += 1;
  };
  const answered = () => {
    pending -= 1;
  };

  beforeEach(async () => {
    // The app's texts and its Supabase client, aimed at msw.
    await renderPage(<p />);
    sent = [];
    pending = 0;
    server.events.on('request:start', record);
    server.events.on('request:end', answered);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
    server.events.removeListener('request:end', answered);
    window.history.replaceState(null, '', '/');
  });

  /** What starting the app at `path` as `user` asks the API for, once every request is answered. */
  async function requestsAt(path: string, user: TestUser): Promise<string[]> {
    localStorage.clear();
    storeSession(user);
    sent = [];
    server.use(
      profileRow(profileOf(user)),
      videoPage([]),
      http.get(`${apiUrl}/rest/v1/*`, () => HttpResponse.json([])),
      http.post(`${apiUrl}/rest/v1/rpc/*`, () => HttpResponse.json([])),
    );
    window.history.replaceState(null, '', path);
    await startFirstPage(createQueryClient());
    await waitFor(() => expect(sent).toContain('/rest/v1/profiles'));
    await waitFor(() => expect(pending).toBe(0));
    return sent;
  }

  it('asks for nothing but the profile on a dashboard for another type of user, who is sent away', async () => {
    for (const [path, user] of [
      ['/dashboard/admin', creatorUser],
      ['/dashboard/admin', brandUser],
      ['/dashboard/brand', creatorUser],
      ['/dashboard/creator', brandUser],
      ['/dashboard/creator', adminUser],
    ] as const) {
      expect(new Set(await requestsAt(path, user)), `${user.userType} at ${path}`).toEqual(new Set(['/rest/v1/profiles']));
    }
  });

  it('asks for the page’s data with the profile on the user’s own dashboard', async () => {
    const admin = await requestsAt('/dashboard/admin', adminUser);
    expect(admin).toContain('/rest/v1/rpc/admin_metrics');
    const creator = await requestsAt('/dashboard', creatorUser);
    expect(creator.length).toBeGreaterThan(1);
    expect(creator.filter((path) => path.includes('admin_'))).toEqual([]);
  });
});
