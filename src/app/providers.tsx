import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { i18n } from '@/i18n';
import { isOnline } from '@/lib/online';

declare module '@tanstack/react-query' {
  interface Register {
    /** inlineError: the caller shows the failure beside the form, so no toast. */
    mutationMeta: { inlineError?: boolean };
  }
}

/**
 * An action started offline is refused at once, with errors.offline (toasted below, and under
 * the form's field where it shows its failures), rather than paused: react-query would
 * otherwise hold it, the form busy, and send it whenever the connection came back, with nobody
 * told (issue 33). Nothing is sent, so nothing completes later; the person sends it again once
 * online (the offline notice says when, src/components/offline-notice.tsx). The refusal's code
 * comes with the errors module, which every page that sends anything has loaded already.
 */
async function refuseOffline() {
  if (isOnline()) return;
  const { AppError } = await import('@/lib/errors');
  throw new AppError('offline');
}

/** One query client per app (and per test): every failed mutation toasts its reason once, here. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      // Never paused for the connection: refused offline (refuseOffline), or sent and answered.
      mutations: { networkMode: 'always' },
    },
    mutationCache: new MutationCache({
      onMutate: refuseOffline,
      onError: (error, _variables, _context, mutation) => {
        // Mutations run on pages that have loaded the toasts already: this import costs nothing then.
        if (!mutation.meta?.inlineError) void import('@/lib/notify').then(({ toastError }) => toastError(error));
      },
    }),
  });

export const defaultQueryClient = createQueryClient();

const Toaster = lazy(() => import('./themed-toaster'));

const appTextsLoaded = () => i18n.isInitialized && i18n.hasLoadedNamespace('errors');
const onTextsLoaded = (changed: () => void) => {
  i18n.on('loaded', changed);
  return () => i18n.off('loaded', changed);
};

/**
 * Every toast speaks the app's texts (errors, auth, dashboard...), so the toaster (sonner)
 * loads with them: the public pages, which show no toasts, load neither. A toast asked for
 * just before it is there shows once it is (sonner replays it).
 */
function Toasts() {
  // A page drawn at build time (and its hydration) starts without the toaster.
  const loaded = useSyncExternalStore(onTextsLoaded, appTextsLoaded, () => false);
  // Once there, it stays (another language's texts may be loading).
  const [wanted, setWanted] = useState(loaded);
  if (loaded && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function AppProviders({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toasts />
    </QueryClientProvider>
  );
}
