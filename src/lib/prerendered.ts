/**
 * What the prerendered landing page (scripts/prerender.ts) and the app agree on: where the
 * app finds the page drawn in, and the stored choices that mean the page cannot be used as
 * drawn (another language, a session: the app then draws its own).
 */
export const prerenderedAttribute = 'data-prerendered';

/** Marks the 404 page drawn at build time, which the server sends for any path (server/http/static.ts). */
export const notFoundAttribute = 'data-not-found';

/** Where the chosen language is remembered (src/i18n). */
export const languageStorageKey = 'viewpact.language';

/** The cookie that tells the server which language to draw the landing page in. */
export const languageCookie = 'viewpact-language';

/** Where supabase-js keeps a session (src/lib/session.ts), as regular expression source for the page's script. */
export const authStorageKeyPattern = '/^sb-.+-auth-token$/';

declare global {
  interface Window {
    /** The link or button a visitor clicked before the app was there (scripts/prerender.ts). */
    __viewpactPendingClick?: () => Element | null;
    __viewpactHydrated?: boolean;
  }
}

/**
 * The language the page in #root was drawn in, when it is a page drawn at build time: the
 * landing page at /, or the 404 page at the unknown path it was sent for.
 */
export function prerenderedLanguage(root: HTMLElement): string | undefined {
  const drawnHere = window.location.pathname === '/' || root.hasAttribute(notFoundAttribute);
  return drawnHere ? root.getAttribute(prerenderedAttribute) ?? undefined : undefined;
}

/** Performance marks the bench reads (bench/browser/measure.ts). */
export const marks = { hydrated: 'viewpact:hydrated', firstTapsReady: 'viewpact:first-taps-ready' } as const;

let navigateInApp: ((to: string) => unknown) | undefined;

/** How the app follows a link kept before it was there whose element it drew again (src/main.tsx: the router). */
export function setPendingLinkNavigator(navigate: (to: string) => unknown) {
  navigateInApp = navigate;
}

/**
 * Once the app has taken over the page: answers the click that woke it, if any. A button is
 * clicked again; a link of the app (kept by the page's boot script instead of loading the next
 * page whole) is followed inside the app: clicked again when the app kept its element (the
 * router's Link answers), else by its address.
 */
export function answerPendingClick() {
  if (!window.__viewpactHydrated) performance.mark(marks.hydrated);
  window.__viewpactHydrated = true;
  const target = window.__viewpactPendingClick?.();
  if (!(target instanceof HTMLElement)) return;
  const drawnAgain = target.isConnected ? target : counterpart(target);
  if (drawnAgain) drawnAgain.click();
  else if (target instanceof HTMLAnchorElement && navigateInApp) {
    const url = new URL(target.href);
    void navigateInApp(`${url.pathname}${url.search}${url.hash}`);
  }
}

/** The element the app drew in place of a kept one it replaced: the only one of its kind with the same name and text. */
function counterpart(kept: HTMLElement): HTMLElement | undefined {
  const label = kept.getAttribute('aria-label');
  const text = kept.textContent?.trim();
  const alike = [...document.querySelectorAll<HTMLElement>(kept.tagName)].filter(
    (element) => element.getAttribute('aria-label') === label && element.textContent?.trim() === text,
  );
  return alike.length === 1 ? alike[0] : undefined;
}
