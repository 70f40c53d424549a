import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';

/** The app's toasts in the current theme. Spec §9: toasts last 4000 ms, at most 3 at a time. */
export default function ThemedToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} duration={4000} visibleToasts={3} richColors closeButton position="top-center" />;
}
