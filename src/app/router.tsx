import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { RequireRole } from './guards';
import { DashboardLayout, type DashboardHandle, type TitleKey } from './layouts/dashboard-layout';
import { MarketingLayout } from './layouts/marketing-layout';
import { RootLayout } from './root-layout';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });
const handle = (title: TitleKey, subtitle?: TitleKey, subtitleByType?: DashboardHandle['subtitleByType']): DashboardHandle => ({ title, subtitle, subtitleByType });

const publicPages: RouteObject[] = [
  { index: true, lazy: page(() => import('@/features/marketing/pages/home-page')) },
  { path: paths.features.path, lazy: page(() => import('@/features/marketing/pages/features-page')) },
  { path: paths.about.path, lazy: page(() => import('@/features/marketing/pages/about-page')) },
  { path: paths.help.path, lazy: page(() => import('@/features/marketing/pages/help-page')) },
  { path: paths.terms.path, lazy: page(() => import('@/features/marketing/pages/terms-page')) },
  { path: paths.privacy.path, lazy: page(() => import('@/features/marketing/pages/privacy-page')) },
  { path: paths.auth.login.path, lazy: page(() => import('@/features/auth/pages/login-page')) },
  { path: paths.auth.register.path, lazy: page(() => import('@/features/auth/pages/register-page')) },
  { path: paths.auth.signup.path, lazy: page(() => import('@/features/auth/pages/register-page')) },
  { path: paths.auth.forgotPassword.path, lazy: page(() => import('@/features/auth/pages/forgot-password-page')) },
  { path: paths.auth.resetPassword.path, lazy: page(() => import('@/features/auth/pages/reset-password-page')) },
];

const dashboard = paths.dashboard;
const dashboardPages: RouteObject[] = [
  {
    element: <RequireRole role="creator" />,
    children: [
      { path: dashboard.creator.path, handle: handle('creator', 'creatorSubtitle'), lazy: page(() => import('./routes/dashboard/creator-dashboard-page')) },
      { path: dashboard.earnings.path, handle: handle('earnings', 'earningsSubtitle'), lazy: page(() => import('@/features/earnings/pages/earnings-page')) },
    ],
  },
  {
    element: <RequireRole role="brand" />,
    children: [
      { path: dashboard.brand.path, handle: handle('brand', 'brandSubtitle'), lazy: page(() => import('./routes/dashboard/brand-dashboard-page')) },
      { path: dashboard.creators.path, handle: handle('creators', 'creatorsSubtitle'), lazy: page(() => import('@/features/opportunities/pages/creators-page')) },
    ],
  },
  {
    element: <RequireRole role="admin" />,
    children: [{ path: dashboard.admin.path, handle: handle('admin', 'adminSubtitle'), lazy: page(() => import('@/features/admin/pages/admin-dashboard-page')) }],
  },
  { path: dashboard.videos.path, handle: handle('videos', 'videosSubtitle'), lazy: page(() => import('@/features/videos/pages/videos-page')) },
  {
    path: dashboard.opportunities.path,
    handle: handle('opportunities', 'opportunitiesCreator', { brand: 'opportunitiesBrand', creator: 'opportunitiesCreator' }),
    lazy: page(() => import('@/features/opportunities/pages/opportunities-page')),
  },
  { path: dashboard.notifications.path, handle: handle('notifications', 'notificationsSubtitle'), lazy: page(() => import('@/features/notifications/pages/notifications-page')) },
  { path: dashboard.settings.path, handle: handle('settings', 'settingsSubtitle'), lazy: page(() => import('@/features/settings/pages/settings-page')) },
  { path: dashboard.profile.path, handle: handle('settings', 'settingsSubtitle'), lazy: page(() => import('@/features/settings/pages/settings-page')) },
];

/** Every route of spec §2; pages load on demand so the landing page stays small. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <MarketingLayout />, children: publicPages },
      { element: <MarketingLayout hideNav />, children: [{ path: paths.connect.path, lazy: page(() => import('@/features/tiktok/pages/connect-page')) }] },
      {
        path: dashboard.root.path,
        children: [
          { index: true, lazy: page(() => import('@/features/dashboard/pages/dashboard-router-page')) },
          { element: <RequireRole role="any" />, children: [{ element: <DashboardLayout />, children: dashboardPages }] },
        ],
      },
      // Spec: /admin is where admins land after signing in.
      { path: paths.admin.path, element: <Navigate to={dashboard.admin.getHref()} replace /> },
      { path: '*', lazy: page(() => import('./not-found-page')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
