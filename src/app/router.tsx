import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { profileQueryOptions } from '@/features/auth/api/get-profile';
import { homePathFor, type UserType } from '@/features/auth/api/redirects';
import { loadTexts } from '@/i18n';
import { paths } from '@/lib/paths';
import { storedUserId, storedUserType } from '@/lib/session';
import { loadSupabaseAuth } from '@/lib/supabase';
import { ErrorPage } from './error-page';
import { RequireRole } from './guards';
import { lazyPage } from './lazy-page';
import type { DashboardHandle, TitleKey } from './layouts/dashboard-layout';
import { MarketingLayout } from './layouts/marketing-layout';
import { RootLayout } from './root-layout';

type PageModule = { default: React.ComponentType };

// Each page's code loads on demand; one that cannot be fetched says so in its place and loads on Try again (lazyPage).

/** A public page: its code (the public pages' texts load at start). */
const sitePage = (load: () => Promise<PageModule>) => lazyPage(async () => (await load()).default);

/** A page of the app: its code and the app's texts, loaded together. */
const appPage = (load: () => Promise<PageModule>, options?: { fullScreen?: boolean }) =>
  lazyPage(async () => {
    const [module] = await Promise.all([load(), loadTexts('app')]);
    return module.default;
  }, options);

/** A sign-in page: its code, the app's texts and the auth client, loaded together. */
const authPage = (load: () => Promise<PageModule>) =>
  lazyPage(async () => {
    const [module] = await Promise.all([load(), loadTexts('app'), loadSupabaseAuth()]);
    return module.default;
  });

/**
 * Inside a frame (header, navigation): a page that cannot be drawn says so in its place, and
 * the frame stays (issue 33).
 */
const framed = (children: RouteObject[]): RouteObject => ({ errorElement: <ErrorPage framed />, children });

const handle = (title: TitleKey, subtitle?: TitleKey, subtitleByType?: DashboardHandle['subtitleByType'], titleByType?: DashboardHandle['titleByType']): DashboardHandle => ({
  title,
  subtitle,
  subtitleByType,
  titleByType,
});

type Prefetcher = { prefetch(queryClient: QueryClient, userId: string, search: URLSearchParams): Promise<void> };

const dashboard = paths.dashboard;

/**
 * The dashboards that list their requests (see startDashboard), by path, with the type of user
 * the page is for (as its RequireRole below says).
 */
const dashboardData = new Map<string, { role: UserType | 'any'; load: () => Promise<Prefetcher> }>([
  [dashboard.creator.path, { role: 'creator', load: () => import('./routes/dashboard/creator-dashboard-data') }],
  [dashboard.brand.path, { role: 'brand', load: () => import('./routes/dashboard/brand-dashboard-data') }],
  [dashboard.admin.path, { role: 'admin', load: () => import('./routes/dashboard/admin-dashboard-data') }],
  [dashboard.videos.path, { role: 'any', load: () => import('@/features/videos/pages/videos-page-data') }],
]);

/**
 * A dashboard's requests start as its code loads, not after: the signed-in user is known
 * from the stored session, so the profile (the user's type, which the guards need) and the
 * page's own queries go out together, as soon as the page's data module (preloaded with the
 * page, server/http/static.ts) is there, and the page finds them under way when it mounts (the
 * same query options, so nothing is asked twice). The app's texts start loading too.
 * Resolves once the requests are sent (not answered).
 */
function startDashboard(queryClient: QueryClient, pathname: string): Promise<void> {
  void loadTexts('app');
  const userId = storedUserId();
  if (!userId) return Promise.resolve();
  const profile = () => void queryClient.prefetchQuery(profileQueryOptions(userId));
  const userType = storedUserType();
  // /dashboard sends the user to their own dashboard: start that one's requests.
  const page = pathname === dashboard.root.path ? homePathFor(userType) : pathname;
  const entry = dashboardData.get(page);
  // A page for another type of user sends this one away (RequireRole): nothing is asked for it,
  // only the profile, which decides where they go. Should the stored type be wrong, the page
  // still asks for its data once the profile lets the user in.
  if (!entry || (entry.role !== 'any' && entry.role !== userType)) return Promise.resolve(profile());
  return entry.load().then(
    (data) => {
      profile();
      void data.prefetch(queryClient, userId, new URLSearchParams(window.location.search));
    },
    // The page loads the same code and reports what fails.
    profile,
  );
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
      { path: dashboard.payments.path, handle: handle('payments', 'paymentsSubtitle'), lazy: appPage(() => import('@/features/payments/pages/brand-payments-page')) },
    ],
  },
  {
    element: <RequireRole role="admin" />,
    children: [{ path: dashboard.admin.path, handle: handle('admin', 'adminSubtitle'), lazy: appPage(() => import('./routes/dashboard/admin-dashboard-page')) }],
  },
  // A brand's Videos are what creators linked to its campaigns, not videos it added (issue 33).
  { path: dashboard.videos.path, handle: handle('videos', 'videosSubtitle', { brand: 'videosBrandSubtitle' }, { brand: 'videosBrand' }), lazy: appPage(() => import('@/features/videos/pages/videos-page')) },
  {
    path: dashboard.opportunities.path,
    handle: handle('opportunities', 'opportunitiesCreator', { brand: 'opportunitiesBrand', creator: 'opportunitiesCreator', admin: 'opportunitiesAdmin' }),
    lazy: appPage(() => import('@/features/opportunities/pages/opportunities-page')),
  },
  { path: dashboard.notifications.path, handle: handle('notifications', 'notificationsSubtitle', { admin: 'notificationsAdminSubtitle' }), lazy: appPage(() => import('@/features/notifications/pages/notifications-page')) },
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
    // A page that cannot be drawn outside a frame shows this instead of a blank page.
    errorElement: <ErrorPage />,
    children: [
      { element: <MarketingLayout />, children: [framed(publicPages)] },
      { element: <MarketingLayout hideNav />, children: [framed([{ path: paths.connect.path, lazy: appPage(() => import('@/features/tiktok/pages/connect-page')) }])] },
      {
        path: dashboard.root.path,
        // On the way to a dashboard page from another page of the app (startFirstPage starts the first one's).
        loader: ({ request }) => {
          const { pathname } = new URL(request.url);
          if (pathname === startedAtLoad) startedAtLoad = undefined;
          else void startDashboard(queryClient, pathname);
          return null;
        },
        shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) => defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname,
        children: [
          { index: true, lazy: appPage(() => import('@/features/dashboard/pages/dashboard-router-page'), { fullScreen: true }) },
          {
            element: <RequireRole role="any" />,
            children: [
              {
                lazy: lazyPage(async () => (await import('./layouts/dashboard-layout')).DashboardLayout, { fullScreen: true }),
                children: [framed(dashboardPages)],
              },
            ],
          },
        ],
      },
      // Spec: /admin is where admins land after signing in.
      { path: paths.admin.path, element: <Navigate to={dashboard.admin.getHref()} replace /> },
      { path: '*', lazy: lazyPage(async () => (await import('./not-found-page')).default, { fullScreen: true }) },
    ],
  },
];

/** The dashboard page whose requests startFirstPage started: its route's loader need not start them again. */
let startedAtLoad: string | undefined;

/**
 * On a dashboard page, starts its requests as the app starts (startDashboard); resolves once
 * they are sent. Called before the router is built: building it takes 200-300 ms at 4x CPU,
 * which the requests would otherwise wait behind (bench/).
 */
export function startFirstPage(queryClient: QueryClient): Promise<void> {
  const { pathname } = window.location;
  if (pathname !== dashboard.root.path && !pathname.startsWith(`${dashboard.root.path}/`)) return Promise.resolve();
  startedAtLoad = pathname;
  return startDashboard(queryClient, pathname);
}

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));

/**
 * What the landing page's calls to action open (sign-up, sign-in: the pages' code, the app's
 * texts, the auth client), fetched while the visitor reads (src/main.tsx), so that a tap finds
 * it here and the form shows at once (issue 33): the routes' lazy() then resolve at once.
 * Resolves to the pages, by path.
 */
export async function prefetchFirstTaps(): Promise<[string, React.ComponentType][]> {
  const [register, login] = await Promise.all([import('@/features/auth/pages/register-page'), import('@/features/auth/pages/login-page'), loadTexts('app'), loadSupabaseAuth()]);
  return [
    [paths.auth.signup.path, register.default],
    [paths.auth.login.path, login.default],
  ];
}

/**
 * Every path the routes draw a page for, in full ('/dashboard/creator'), as the router matches
 * them: routes with a path and index routes, not the catch-all that draws the 404 page. The
 * build writes them beside the app (scripts/prerender.ts) so that the server answers any other
 * path with the 404 page and HTTP 404 (server/http/static.ts).
 */
export function routePaths(routes: RouteObject[], parent = ''): string[] {
  const found = new Set<string>();
  for (const route of routes) {
    if (route.path === '*') continue;
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.index || route.path !== undefined) found.add(path || '/');
    for (const child of routePaths(route.children ?? [], path)) found.add(child);
  }
  return [...found];
}
