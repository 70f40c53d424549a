import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { PageLoadFailed } from '@/components/page-load-failed';
import { isOffline, useOnline } from '@/lib/online';

/** What a route's lazy() resolves to. */
export type LazyPage = { Component: ComponentType };

/**
 * A route's lazy(): the page's code (and whatever else `load` waits for). When it cannot be
 * fetched (offline, a new deployment), the route still resolves, to a stand-in that says so
 * where the page would be, header and navigation around it, and offers Try again. React Router
 * keeps a failed lazy() failed for good (it caches the promise) and would replace the whole
 * app with the error page: the stand-in is how a page that failed once can still load.
 * `fullScreen`: the route has no frame around it (the stand-in draws its own page).
 */
export function lazyPage(load: () => Promise<ComponentType>, { fullScreen = false }: { fullScreen?: boolean } = {}): () => Promise<LazyPage> {
  return async () => {
    try {
      return { Component: await load() };
    } catch (error) {
      console.error('A page’s code did not load:', error);
      return { Component: standIn(load, fullScreen, isOffline()) };
    }
  };
}

/**
 * The failed page's place: Try again fetches the code again (the browser fetches a module that
 * failed again) and draws the page once it is there. It tries by itself when the browser comes
 * back online after failing offline, and when the person comes back to it after leaving.
 */
function standIn(load: () => Promise<ComponentType>, fullScreen: boolean, failedOffline: boolean): ComponentType {
  let loaded: ComponentType | undefined;
  let attempt: Promise<ComponentType> | undefined;
  let lastFailedOffline = failedOffline;
  // How many times a stand-in's effect ran: the first is the visit that just failed.
  let shown = 0;
  // One attempt at a time, whoever asks.
  const fetchAgain = () =>
    (attempt ??= load()
      .then(
        (component) => (loaded = component),
        (error: unknown) => {
          lastFailedOffline = isOffline();
          console.error('A page’s code did not load again:', error);
          throw error;
        },
      )
      .finally(() => {
        attempt = undefined;
      }));

  return function PageStandIn() {
    const online = useOnline();
    const [Page, setPage] = useState(() => loaded);
    const [retrying, setRetrying] = useState(false);
    const tryAgain = useCallback(() => {
      setRetrying(true);
      fetchAgain().then(
        (component) => {
          setPage(() => component);
          setRetrying(false);
        },
        () => setRetrying(false),
      );
    }, []);
    // Not on the visit that just failed (unless it failed offline and the browser is online):
    // when the browser comes back online, or the person comes back to the page.
    useEffect(() => {
      const again = shown++ > 0 || lastFailedOffline;
      if (again && online && !loaded) tryAgain();
    }, [online, tryAgain]);
    if (Page) return <Page />;
    return <PageLoadFailed fullScreen={fullScreen} offline={!online} retrying={retrying} onRetry={tryAgain} />;
  };
}
