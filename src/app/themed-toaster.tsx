import { Toaster } from 'sonner';
import { noticeHeightVariable } from '@/components/offline-notice';
import { useTheme } from '@/lib/theme';

// sonner's own distances from the screen's edge (24 px, 16 px on a phone), plus the offline notice's room when it shows.
const above = (edge: number) => ({ bottom: `calc(${edge}px + var(${noticeHeightVariable}, 0px))` });

/**
 * The app's toasts in the current theme. Spec §9: toasts last 4000 ms, at most 3 at a time;
 * issue 15: failures stay until dismissed (lib/toast.ts). The close button's hit
 * area is 44 px wide (the drawn circle stays small).
 *
 * Issue 33: toasts sit at the bottom (full width on a phone, the right corner on a wider
 * screen), never over the header's menu button, bell and language switch, which a person
 * reaches for right after an action. They take the page's fonts (sonner's own list has no
 * Thai font, so Thai could be drawn as boxes) and its text size (sonner's 13 px would not grow
 * with the reader's larger text). While the offline notice shows, they sit above it.
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
      position="bottom-right"
      offset={above(24)}
      mobileOffset={above(16)}
      style={{ fontFamily: 'inherit' }}
      toastOptions={{ style: { fontSize: '0.875rem' }, classNames: { closeButton: "before:absolute before:-inset-3 before:content-['']" } }}
    />
  );
}
