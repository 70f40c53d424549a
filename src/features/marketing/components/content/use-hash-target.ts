import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element named by the address's #hash into view once the page has rendered,
 * and opens it when it is a <details>: a lazily loaded page is not there yet when the
 * browser looks for the fragment, so /features#for-creators or /help#estimated opened
 * from outside the app would otherwise land at the top, with the question closed.
 */
export function useHashTarget() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    if (target instanceof HTMLDetailsElement) target.open = true;
    target.scrollIntoView();
  }, [hash]);
}
