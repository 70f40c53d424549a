import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { homePathFor } from '@/features/auth/api/redirects';
import { loadTexts } from '@/i18n';
import { paths } from '@/lib/paths';
import { storedUserId, storedUserType } from '@/lib/session';
import { loadSupabaseAuth } from '@/lib/supabase';
import { RequireRole } from './guards';
import type { DashboardHandle, TitleKey } from './layouts/dashboard-layout';
import { MarketingLayout } from './layouts/marketing-layout';
import { RootLayout } from './root-layout';

type PageModule = { default: React.ComponentType };

/** A public page: its code (the public pages' texts load at start). */
const sitePage = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** A page of the app: its code and the app's texts, loaded together. */
const appPage = (load: () => Promise<PageModule>) => async () => {
  const [module] = await Promise.all([load(), loadTexts('app')]);
  return { Component: module.default };
};

/** A sign-in page: its code, the app's texts and the auth client, loaded together. */
const authPage = (load: () => Promise<PageModule>) => async () => {
  const [module] = await Promise.all([load(), loadTexts('app'), loadSupabaseAuth()]);
  return { Component: module.default };
};

const handle = (title: TitleKey, subtitle?: TitleKey, subtitleByType?: DashboardHandle['subtitleByType']): DashboardHandle => ({ title, subtitle, subtitleByType });

type Prefetcher = { prefetch(queryClient: QueryClient, userId: string): Promise<void> };

const dashboard = paths.dashboard;

/** The dashboards that list their requests (see startDashboard), by path. */
const dashboardData = new Map<string, () => Promise<Prefetcher>>([
  [dashboard.creator.path, () => import('./routes/dashboard/creator-dashboard-data')],
  [dashboard.brand.path, () => import('./routes/dashboard/brand-dashboard-data')],
]);

/**
 * A dashboard's requests start as its code loads, not after: the signed-in user is known
 * from the stored session, so the profile (the user's type, which the guards need) and the
 * page's own queries go out at once, and the page finds them under way when it mounts (the
 * same query options, so nothing is asked twice). Nothing waits for them: the page shows
 * its own loading states, as it would without this. The app's texts start loading too.
 */
function startDashboard(queryClient: QueryClient, pathname: string) {
  void loadTexts('app');
  const userId = storedUserId();
  if (!userId) return;
  void queryClient.prefetchQuery(profileQueryOptions(userId));
  // /dashboard sends the user to their own dashboard: start that one's requests.
  const page = pathname === dashboard.root.path ? homePathFor(storedUserType()) : pathname;
  dashboardData
    .get(page)?.()
    .then((data) => data.prefetch(queryClient, userId))
    // The page loads the same code and reports what fails.
    .catch(() => undefined);
}

const publicPages: RouteObject[] = [
  { index: true, lazy: sitePage(() => import('@/features/marketing/pages/home-page')) },
  { path: paths.features.path, lazy: sitePage(() => import('@/features/marketing/pages/features-page')) },
  { path: paths.about.path, lazy: sitePage(() => import('@/features/marketing/pages/about-page')) },
  { path: paths.help.path, lazy: sitePage(() => import('@/features/marketing/pages/help-page')) },
  { path: paths.terms.path, lazy: sitePage(() => import('@/features/marketing/pages/terms-page')) },
  { path: paths.privacy.path, lazy: sitePage(() => import('@/features/marketing/pages/privacy-page')) },
  { path: paths.auth.login.path, lazy: authPage(() => import('@/features/auth/pages/login-page')) },
  { path: paths.auth.register.path, lazy: authPage(() => import('@/features/auth/pages/register-page')) },
  { path: paths.auth.signup.path, lazy: authPage(() => import('@/features/auth/pages/register-page')) },
  { path: paths.auth.forgotPassword.path, lazy: authPage(() => import('@/features/auth/pages/forgot-password-page')) },
  { path: paths.auth.resetPassword.path, lazy: authPage(() => import('@/features/auth/pages/reset-password-page')) },
];

const dashboardPages: RouteObject[] = [
  {
    element: <RequireRole role="creator" />,
    children: [
      { path: dashboard.creator.path, handle: handle('creator', 'creatorSubtitle'), lazy: appPage(() => import('./routes/dashboard/creator-dashboard-page')) },
      { path: dashboard.earnings.path, handle: handle('earnings', 'earningsSubtitle'), lazy: appPage(() => import('@/features/earnings/pages/earnings-page')) },
    ],
  },
  {
    element: <RequireRole role="brand" />,
    children: [
      { path: dashboard.brand.path, handle: handle('brand', 'brandSubtitle'), lazy: appPage(() => import('./routes/dashboard/brand-dashboard-page')) },
      { path: dashboard.creators.path, handle: handle('creators', 'creatorsSubtitle'), lazy: appPage(() => import('@/features/opportunities/pages/creators-page')) },
    ],
  },
  {
    element: <RequireRole role="admin" />,
    children: [{ path: dashboard.admin.path, handle: handle('admin', 'adminSubtitle'), lazy: appPage(() => import('@/features/admin/pages/admin-dashboard-page')) }],
  },
  { path: dashboard.videos.path, handle: handle('videos', 'videosSubtitle'), lazy: appPage(() => import('@/features/videos/pages/videos-page')) },
  {
    path: dashboard.opportunities.path,
    handle: handle('opportunities', 'opportunitiesCreator', { brand: 'opportunitiesBrand', creator: 'opportunitiesCreator' }),
    lazy: appPage(() => import('@/features/opportunities/pages/opportunities-page')),
  },
  { path: dashboard.notifications.path, handle: handle('notifications', 'notificationsSubtitle'), lazy: appPage(() => import('@/features/notifications/pages/notifications-page')) },
  { path: dashboard.settings.path, handle: handle('settings', 'settingsSubtitle'), lazy: appPage(() => import('@/features/settings/pages/settings-page')) },
  { path: dashboard.profile.path, handle: handle('settings', 'settingsSubtitle'), lazy: appPage(() => import('@/features/settings/pages/settings-page')) },
];

/**
 * Every route of spec §2. Pages, the dashboard frame and the app's texts load on demand, so
 * the landing page carries none of them.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RootLayout />,
    children: [
      { element: <MarketingLayout />, children: publicPages },
      { element: <MarketingLayout hideNav />, children: [{ path: paths.connect.path, lazy: appPage(() => import('@/features/tiktok/pages/connect-page')) }] },
      {
        path: dashboard.root.path,
        // On the way to a dashboard page from another page of the app (createRouter starts the first one's).
        loader: ({ request }) => {
          startDashboard(queryClient, new URL(request.url).pathname);
          return null;
        },
        shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) => defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname,
        children: [
          { index: true, lazy: appPage(() => import('@/features/dashboard/pages/dashboard-router-page')) },
          {
            element: <RequireRole role="any" />,
            children: [
              {
                lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).DashboardLayout }),
                children: dashboardPages,
              },
            ],
          },
        ],
      },
      // Spec: /admin is where admins land after signing in.
      { path: paths.admin.path, element: <Navigate to={dashboard.admin.getHref()} replace /> },
      { path: '*', lazy: sitePage(() => import('./not-found-page')) },
    ],
  },
];

export function createRouter(queryClient: QueryClient) {
  // The first page's requests go out before React Router asks for any page code: on a
  // dashboard they start one round trip after this script, not behind its chunks.
  const { pathname } = window.location;
  if (pathname === dashboard.root.path || pathname.startsWith(`${dashboard.root.path}/`)) startDashboard(queryClient, pathname);
  return createBrowserRouter(createRoutes(queryClient));
}
