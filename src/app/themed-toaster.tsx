import { Toaster } from 'sonner';
import { useTheme } from '@/lib/theme';

/**
 * The app's toasts in the current theme. Spec §9: toasts last 4000 ms, at most 3 at a time;
 * issue 15: failures stay until dismissed (lib/toast.ts). The close button's hit
 * area is 44 px wide (the drawn circle stays small).
 */
export default function ThemedToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      theme={theme}
      duration={4000}
      visibleToasts={3}
      richColors
      closeButton
      position="top-center"
      toastOptions={{ classNames: { closeButton: "before:absolute before:-inset-3 before:content-['']" } }}
    />
  );
}
