import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import type { ConnectMessage } from '../api/popup';

/**
 * /connect, the TikTok authorization callback (spec §2): hands the code and the state to the
 * window that opened the popup, or reports an invalid answer, then closes after a second.
 * The state is `tiktok.` and a one-time value (issue 13): this page checks the prefix, as the
 * spec checks "tiktok"; tiktok-auth checks the rest.
 */
export default function ConnectPage() {
  const { t } = useTranslation('settings');
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state') ?? '';
  const valid = Boolean(code) && !params.has('error') && (state === 'tiktok' || state.startsWith('tiktok.'));
  const invalid = !valid;

  useEffect(() => {
    const message: ConnectMessage = valid ? { type: 'tiktok-auth-callback', code: code!, state } : { type: 'tiktok-auth-error', error: 'Invalid authorization response' };
    // Only our own origin may receive the code.
    window.opener?.postMessage(message, window.location.origin);
    const timer = window.setTimeout(() => window.close(), 1000);
    return () => window.clearTimeout(timer);
  }, [code, state, valid]);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      {invalid ? null : <Spinner className="size-8" />}
      <h1 className="text-2xl font-bold">{t('connect.title')}</h1>
      <p role="status" className="text-slate-600 dark:text-slate-300">
        {invalid ? t('connect.invalid') : t('connect.wait')}
      </p>
    </div>
  );
}
