/**
 * The dashboard frame drawn at build time for each dashboard page, once per language
 * (scripts/prerender.ts writes them beside the landing page; server/http/static.ts sends one
 * for its page): see DashboardShell.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { RouteObject } from 'react-router';
import { DashboardShell, type DashboardShellProps } from './app/layouts/dashboard-shell';

export { dashboardShellScript } from './app/layouts/dashboard-shell';
import type { DashboardHandle } from './app/layouts/dashboard-layout';
import { createQueryClient } from './app/providers';
import { createRoutes } from './app/router';
import { homePathFor, userTypes, type UserType } from './features/auth/api/redirects';
import { i18n, initI18n, loadTexts, type Language } from './i18n';
import { paths } from './lib/paths';

const isDashboardHandle = (handle: unknown): handle is DashboardHandle => typeof handle === 'object' && handle !== null && 'title' in handle;

/** Every route with a dashboard handle, by its full path. */
function dashboardHandles(routes: RouteObject[], parent = '', found = new Map<string, DashboardHandle>()): Map<string, DashboardHandle> {
  for (const route of routes) {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.path !== undefined && isDashboardHandle(route.handle)) found.set(path, route.handle);
    dashboardHandles(route.children ?? [], path, found);
  }
  return found;
}

/** The shell of each dashboard page (and of /dashboard, which leads to the user's own), as HTML, by path. */
export async function renderDashboardShells(language: Language): Promise<[string, string][]> {
  if (!i18n.isInitialized) await initI18n(language);
  await i18n.changeLanguage(language);
  await loadTexts('app');
  const title = (key: string) => i18n.t(`dashboard:titles.${key}` as 'dashboard:titles.creator');
  const byType = (pick: (type: UserType) => string) => Object.fromEntries(userTypes.map((type) => [type, title(pick(type))])) as Record<UserType, string>;
  const handles = dashboardHandles(createRoutes(createQueryClient()));
  const shells: [string, DashboardShellProps][] = [...handles].map(([path, handle]) => [
    path,
    handle.titleByType
      ? { appName: i18n.t('common:appName'), titleByType: byType((type) => handle.titleByType?.[type] ?? handle.title) }
      : { appName: i18n.t('common:appName'), title: title(handle.title), subtitle: handle.subtitle && !handle.subtitleByType ? title(handle.subtitle) : undefined },
  ]);
  // /dashboard leads to the user's own dashboard.
  const own = (type: UserType) => handles.get(homePathFor(type))?.title ?? 'creator';
  shells.push([paths.dashboard.root.path, { appName: i18n.t('common:appName'), titleByType: byType(own) }]);
  return shells.map(([path, props]) => [path, renderToStaticMarkup(<DashboardShell {...props} />)]);
}
