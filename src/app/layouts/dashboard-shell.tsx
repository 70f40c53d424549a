import { Menu } from 'lucide-react';
import type { UserType } from '@/features/auth/api/redirects';

/** Marks the dashboard frame drawn at build time (scripts/prerender.ts), which the app draws over. */
export const dashboardShellAttribute = 'data-dashboard-shell';

export type DashboardShellProps = {
  appName: string;
  /** The page's title, when it is the same for every type of user. */
  title?: string;
  /** The title by the type of user, when it differs (the page's own inline script picks one: dashboardShellScript). */
  titleByType?: Partial<Record<UserType, string>>;
  subtitle?: string;
};

/**
 * The dashboard frame (src/app/layouts/dashboard-layout.tsx) as it first shows, without
 * JavaScript: the header with the page's title, the sidebar's name, the page's place empty. The
 * server sends it for a dashboard page (server/http/static.ts), so that a signed-in person sees
 * the frame as soon as the HTML and CSS arrive, while the app loads; the app then draws the same
 * frame over it, with the navigation, the controls and the page (src/main.tsx). Nothing in it
 * can be used, and assistive technology skips it (aria-hidden, inert): the app's frame is the
 * one to read. Issue 33: a dashboard's first content within 1.2 s on a 4× throttled phone.
 */
export function DashboardShell({ appName, title, titleByType, subtitle }: DashboardShellProps) {
  const shownTitle = title ?? titleByType?.creator ?? '';
  return (
    <div {...{ [dashboardShellAttribute]: '' }} aria-hidden="true" inert className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <div className="fixed inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <div className="px-5 pt-5 pb-4">
          <p className="text-lg font-extrabold tracking-tight">{appName}</p>
        </div>
      </div>
      <div className="md:pl-64">
        <div className="sticky top-0 z-20 flex min-h-16 flex-wrap items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-900/95">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-800 md:hidden dark:text-slate-100">
            <Menu className="size-6" />
          </span>
          <div className="min-w-0 flex-[1_1_6rem]">
            <p className="truncate text-lg font-bold sm:text-xl" data-titles={titleByType ? JSON.stringify(titleByType) : undefined}>
              {shownTitle}
            </p>
            {subtitle && <p className="hidden truncate text-sm text-slate-600 sm:block dark:text-slate-400">{subtitle}</p>}
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * The shell page's inline script, run as the page is read: with no stored session the app sends
 * the visitor to sign in, so the frame is taken away at once; otherwise a title that depends on
 * the type of user is the stored user's (as src/lib/session.ts reads it; creator by default).
 */
export function dashboardShellScript(authStorageKeyPattern: string): string {
  return `(function () {
  try {
    var key = Object.keys(localStorage).filter(function (name) { return ${authStorageKeyPattern}.test(name); })[0];
    var shell = document.querySelector('[${dashboardShellAttribute}]');
    if (!shell) return;
    if (!key) return shell.remove();
    var titled = shell.querySelector('[data-titles]');
    if (!titled) return;
    var session = JSON.parse(localStorage.getItem(key) || '{}');
    var type = session && session.user && session.user.user_metadata && session.user.user_metadata.user_type;
    var titles = JSON.parse(titled.getAttribute('data-titles'));
    if (titles[type]) titled.textContent = titles[type];
  } catch (e) {}
})();`;
}
