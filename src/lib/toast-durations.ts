import { toast } from 'sonner';

const timedError = toast.error;

/**
 * Issue 15: a failure stays until the reader dismisses it (its close button); a success goes
 * after the toaster's 4000 ms (spec §9). sonner has one duration per toaster, so every failure
 * toast asks for its own: here, once, rather than at each of the many callers. Loaded with the
 * toaster (src/app/themed-toaster.tsx) and with notify.ts, before any failure can be shown.
 */
export function keepFailureToasts() {
  if (toast.error !== timedError) return;
  toast.error = (message, data) => timedError(message, { duration: Infinity, ...data });
}

keepFailureToasts();
