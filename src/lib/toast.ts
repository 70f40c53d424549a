import { toast as sonnerToast, type ExternalToast } from 'sonner';

/**
 * The app's toasts: sonner's, except that a failure stays until the reader dismisses it (its
 * close button, issue 15) while the rest go after the toaster's 4000 ms (spec §9). sonner has
 * one duration per toaster, so the failure's is asked for here, once; every module imports
 * toast from this file (an ESLint rule keeps it so).
 *
 * A dismissal waits for the toasts asked for before it: sonner adds a toast in a timer and
 * removes one in an animation frame, so a toast dismissed at once (an action refused offline
 * before its "processing" toast was drawn) could be removed before it was added, and then stay
 * for good. Timers run in the order they were set, so this one runs after the add's. Dismissing
 * every toast stays immediate, so that it never reaches a toast asked for after it.
 */
export const toast: typeof sonnerToast = Object.assign((...args: Parameters<typeof sonnerToast>) => sonnerToast(...args), sonnerToast, {
  error: (message: Parameters<typeof sonnerToast.error>[0], data?: ExternalToast) => sonnerToast.error(message, { duration: Infinity, ...data }),
  dismiss: (id?: string | number) => {
    if (id === undefined) return sonnerToast.dismiss();
    setTimeout(() => sonnerToast.dismiss(id));
    return id;
  },
});
