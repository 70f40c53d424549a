import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useTheme } from '@/lib/theme';

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });

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
