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
    /** The button a visitor clicked before the app was there (scripts/prerender.ts). */
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

/** Once the app has taken over the page: answers the click that woke it, if any. */
export function answerPendingClick() {
  window.__viewpactHydrated = true;
  const target = window.__viewpactPendingClick?.();
  if (target instanceof HTMLElement && target.isConnected) target.click();
}
