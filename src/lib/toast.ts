import { toast as sonnerToast, type ExternalToast } from 'sonner';

/**
 * The app's toasts: sonner's, except that a failure stays until the reader dismisses it (its
 * close button, issue 15) while the rest go after the toaster's 4000 ms (spec §9). sonner has
 * one duration per toaster, so the failure's is asked for here, once; every module imports
 * toast from this file (an ESLint rule keeps it so).
 */
export const toast: typeof sonnerToast = Object.assign((...args: Parameters<typeof sonnerToast>) => sonnerToast(...args), sonnerToast, {
  error: (message: Parameters<typeof sonnerToast.error>[0], data?: ExternalToast) => sonnerToast.error(message, { duration: Infinity, ...data }),
});
