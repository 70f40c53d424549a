import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { toastError } from '@/lib/notify';
import { useTheme } from '@/lib/theme';

declare module '@tanstack/react-query' {
  interface Register {
    /** inlineError: the caller shows the failure beside the form, so no toast. */
    mutationMeta: { inlineError?: boolean };
  }
}

/** One query client per app (and per test): every failed mutation toasts its reason once, here. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.inlineError) toastError(error);
      },
    }),
  });

const defaultClient = createQueryClient();

function ThemedToaster() {
  const { theme } = useTheme();
  // Spec §9: toasts last 4000 ms, at most 3 at a time.
  return <Toaster theme={theme} duration={4000} visibleToasts={3} richColors closeButton position="top-center" />;
}

export function AppProviders({ children, queryClient = defaultClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <ThemedToaster />
    </QueryClientProvider>
  );
}
