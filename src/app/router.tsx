import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireRole } from './guards';
import { DashboardLayout, type DashboardHandle } from './layouts/dashboard-layout';
import { MarketingLayout } from './layouts/marketing-layout';
import { RootLayout } from './root-layout';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
const handle = (title: string, subtitle?: string, subtitleByType?: DashboardHandle['subtitleByType']): DashboardHandle => ({
  title: `dashboard:titles.${title}`,
  subtitle: subtitle && `dashboard:titles.${subtitle}`,
  subtitleByType,
});

const publicPages: RouteObject[] = [
  { index: true, lazy: page(() => import('@/features/marketing/pages/home-page')) },
  { path: 'features', lazy: page(() => import('@/features/marketing/pages/features-page')) },
  { path: 'about', lazy: page(() => import('@/features/marketing/pages/about-page')) },
  { path: 'help', lazy: page(() => import('@/features/marketing/pages/help-page')) },
  { path: 'terms', lazy: page(() => import('@/features/marketing/pages/terms-page')) },
  { path: 'privacy', lazy: page(() => import('@/features/marketing/pages/privacy-page')) },
  { path: 'login', lazy: page(() => import('@/features/auth/pages/login-page')) },
  { path: 'register', lazy: page(() => import('@/features/auth/pages/register-page')) },
  { path: 'signup', lazy: page(() => import('@/features/auth/pages/register-page')) },
  { path: 'forgot-password', lazy: page(() => import('@/features/auth/pages/forgot-password-page')) },
  { path: 'reset-password', lazy: page(() => import('@/features/auth/pages/reset-password-page')) },
];

const dashboardPages: RouteObject[] = [
  {
    element: <RequireRole role="creator" />,
    children: [
      { path: 'creator', handle: handle('creator', 'creatorSubtitle'), lazy: page(() => import('@/features/dashboard/pages/creator-dashboard-page')) },
      { path: 'earnings', handle: handle('earnings', 'earningsSubtitle'), lazy: page(() => import('@/features/dashboard/pages/earnings-page')) },
    ],
  },
  {
    element: <RequireRole role="brand" />,
    children: [
      { path: 'brand', handle: handle('brand', 'brandSubtitle'), lazy: page(() => import('@/features/dashboard/pages/brand-dashboard-page')) },
      { path: 'creators', handle: handle('creators', 'creatorsSubtitle'), lazy: page(() => import('@/features/dashboard/pages/creators-page')) },
    ],
  },
  {
    element: <RequireRole role="admin" />,
    children: [{ path: 'admin', handle: handle('admin', 'adminSubtitle'), lazy: page(() => import('@/features/dashboard/pages/admin-dashboard-page')) }],
  },
  { path: 'videos', handle: handle('videos', 'videosSubtitle'), lazy: page(() => import('@/features/videos/pages/videos-page')) },
  {
    path: 'opportunities',
    handle: handle('opportunities', 'opportunitiesCreator', { brand: 'dashboard:titles.opportunitiesBrand', creator: 'dashboard:titles.opportunitiesCreator' }),
    lazy: page(() => import('@/features/opportunities/pages/opportunities-page')),
  },
  { path: 'notifications', handle: handle('notifications', 'notificationsSubtitle'), lazy: page(() => import('@/features/dashboard/pages/notifications-page')) },
  { path: 'settings', handle: handle('settings', 'settingsSubtitle'), lazy: page(() => import('@/features/settings/pages/settings-page')) },
  { path: 'profile', handle: handle('settings', 'settingsSubtitle'), lazy: page(() => import('@/features/settings/pages/settings-page')) },
];

/** Every route of spec §2; pages load on demand so the landing page stays small. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <MarketingLayout />, children: publicPages },
      { element: <MarketingLayout hideNav />, children: [{ path: 'connect', lazy: page(() => import('@/features/tiktok/pages/connect-page')) }] },
      {
        path: 'dashboard',
        children: [
          { index: true, lazy: page(() => import('@/features/dashboard/pages/dashboard-router-page')) },
          { element: <RequireRole role="any" />, children: [{ element: <DashboardLayout />, children: dashboardPages }] },
        ],
      },
      // Spec: /admin is where admins land after signing in.
      { path: 'admin', element: <Navigate to="/dashboard/admin" replace /> },
      { path: '*', lazy: page(() => import('./not-found-page')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
