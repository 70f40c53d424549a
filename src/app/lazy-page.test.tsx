import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Language } from '@/i18n';
import { creatorUser, profileOf } from '@/testing/data';
import { server } from '@/testing/msw';
import { startSignedOut } from '@/testing/render';
import { storeSession } from '@/testing/session';
import { profileRow, restGet, rpc } from '@/testing/supabase';
import { ErrorPage } from './error-page';
import { RequireRole } from './guards';
import { DashboardLayout } from './layouts/dashboard-layout';
import { lazyPage } from './lazy-page';
import { AppProviders, createQueryClient } from './providers';
import { createRoutes } from './router';

// The QR code is an SVG the build makes (vite.config.ts): not this test's business.
vi.mock('./layouts/chat-qr', () => ({ ChatQr: () => null }));

const earningsHandle = matchRoutes(createRoutes(createQueryClient()), '/dashboard/earnings')?.at(-1)?.route.handle;

const EarningsPage = () => <p>The earnings page</p>;
const fetchFailed = () => new TypeError('Failed to fetch dynamically imported module: /assets/earnings-page-x.js');

/** The browser's connection as navigator.onLine and its events say it. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
}
function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
}

afterEach(() => {
  vi.restoreAllMocks();
  // react-query's onlineManager heard the offline event too: back online for the next test.
  window.dispatchEvent(new Event('online'));
});

/**
 * The creator's dashboard frame (the real sidebar and header) around the Earnings route, whose
 * code loads through lazyPage with `load`, as src/app/router.tsx declares it, and two pages
 * whose code is there.
 */
async function renderFrame(load: () => Promise<ComponentType>, { language = 'en', crash = false }: { language?: Language; crash?: boolean } = {}) {
  await startSignedOut(language);
  server.use(
    profileRow(profileOf(creatorUser)),
    rpc('unread_notification_count', 0),
    restGet('notification_settings', { language, email_off: [] }),
    rpc('my_changes', { money: 0, money_at: null, auto_approved_at: null, news: 0, unread: 0, now: '2026-11-29T10:00:00Z' }),
  );
  storeSession(creatorUser);
  const Crashing = () => {
    throw new Error('A page that cannot be drawn');
  };
  const pages: RouteObject[] = [
    { path: '/dashboard/earnings', handle: earningsHandle, lazy: lazyPage(load) },
    { path: '/dashboard', element: <p>The dashboard page</p> },
    { path: '/dashboard/videos', element: crash ? <Crashing /> : <p>The videos page</p> },
  ];
  const router = createMemoryRouter(
    [{ element: <RequireRole role="any" />, children: [{ element: <DashboardLayout />, children: [{ errorElement: <ErrorPage framed />, children: pages }] }] }],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await screen.findByText('The dashboard page');
  return router;
}

const nav = () => screen.getByRole('navigation', { name: 'Dashboard' });
const openEarnings = () => userEvent.click(within(nav()).getByRole('link', { name: 'Earnings' }));

describe('a page whose code cannot load (issue 33)', () => {
  it('says so in its place with Try again, the header and sidebar stay, and Try again draws the page', async () => {
    const load = vi.fn<() => Promise<ComponentType>>().mockRejectedValueOnce(fetchFailed()).mockResolvedValue(EarningsPage);
    await renderFrame(load);
    await openEarnings();

    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { level: 2 })).toHaveTextContent('This page could not load');
    expect(failure).toHaveTextContent('Check your connection and try again. If it keeps failing, reload the page.');
    expect(within(screen.getByRole('banner')).getByRole('heading', { level: 1 })).toHaveTextContent('Earnings');
    expect(within(nav()).getByRole('link', { name: 'Videos' })).toBeVisible();
    expect(screen.queryByText('The earnings page')).not.toBeInTheDocument();

    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The earnings page')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the navigation working, and tries again by itself when the person comes back to the page', async () => {
    const load = vi.fn<() => Promise<ComponentType>>().mockRejectedValueOnce(fetchFailed()).mockResolvedValue(EarningsPage);
    await renderFrame(load);
    await openEarnings();
    await screen.findByText('This page could not load');
    expect(load).toHaveBeenCalledTimes(1);

    await userEvent.click(within(nav()).getByRole('link', { name: 'Videos' }));
    expect(await screen.findByText('The videos page')).toBeVisible();
    await openEarnings();
    expect(await screen.findByText('The earnings page')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('offline, says the page loads once back online, and loads it then without a tap', async () => {
    const load = vi.fn<() => Promise<ComponentType>>().mockRejectedValueOnce(fetchFailed()).mockResolvedValue(EarningsPage);
    await renderFrame(load);
    goOffline();
    await openEarnings();
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('You are offline. The page loads by itself once you are back online.');
    expect(load).toHaveBeenCalledTimes(1);

    goOnline();
    expect(await screen.findByText('The earnings page')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps saying so while the code still cannot be fetched, and Try again stays there', async () => {
    const load = vi.fn<() => Promise<ComponentType>>().mockRejectedValue(fetchFailed());
    await renderFrame(load);
    await openEarnings();
    const retry = await within(await screen.findByRole('alert')).findByRole('button', { name: 'Try again' });
    await userEvent.click(retry);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not load');
    expect(screen.queryByText('The earnings page')).not.toBeInTheDocument();
  });

  it('speaks Thai', async () => {
    const load = vi.fn<() => Promise<ComponentType>>().mockRejectedValue(fetchFailed());
    await renderFrame(load, { language: 'th' });
    goOffline();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'แดชบอร์ด' })).getByRole('link', { name: 'รายได้' }));
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('โหลดหน้านี้ไม่สำเร็จ');
    expect(failure).toHaveTextContent('ตอนนี้ไม่มีอินเทอร์เน็ต หน้านี้จะโหลดเองเมื่อกลับมาออนไลน์');
    expect(within(failure).getByRole('button', { name: 'ลองอีกครั้ง' })).toBeVisible();
  });
});

describe('a page that cannot be drawn', () => {
  it('says so in its place, and the frame and its navigation stay', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderFrame(() => Promise.resolve(EarningsPage), { crash: true });
    await userEvent.click(within(nav()).getByRole('link', { name: 'Videos' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    await openEarnings();
    expect(await screen.findByText('The earnings page')).toBeVisible();
  });
});
