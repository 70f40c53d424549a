import { BadgeCheck, Link2, RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/api/use-auth';
import { useLanguage } from '@/i18n/use-language';
import { runtimeConfig } from '@/lib/config';
import { formatDate } from '@/lib/format';
import { connectionState, useConnectTikTok, useDisconnectTikTok, useSyncTikTokVideos, useTikTokConnection, type ConnectionState } from '@/features/tiktok/api/tiktok-connection';

/**
 * Settings → Integrations (spec §2 and §4, issue 13): the TikTok connection as
 * tiktok_connections has it — not connected, connected, or ended (expired or revoked, with the
 * reason) — and what can be done from there: connect, reconnect, sync videos, disconnect.
 */
export function TikTokConnectionPanel() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  const connection = useTikTokConnection(user?.id);
  const connect = useConnectTikTok(user?.id);
  const sync = useSyncTikTokVideos(user?.id);
  const state = connectionState(connection.data ?? null);
  const busy = connect.isPending || sync.isPending;

  const startConnect = () =>
    connect.mutate(undefined, {
      onSuccess: (connected) => {
        if (connected) toast.success(t('integrations.connected'));
      },
    });
  const startSync = () => {
    const progress = toast.loading(t('integrations.syncing'));
    sync.mutate(undefined, {
      onSuccess: ({ synced }) => toast.success(t('integrations.synced', { count: synced }), { id: progress }),
      onError: () => toast.dismiss(progress),
    });
  };

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
          <Link2 aria-hidden className="size-5" />
        </span>
        <h2 className="text-lg font-semibold">{t('integrations.title')}</h2>
        {!connection.isPending && <StateBadge state={state} />}
        {runtimeConfig().tiktokSandbox && <Badge title={t('integrations.sandboxHint')}>{t('integrations.sandbox')}</Badge>}
      </div>
      {connection.isPending ? (
        <Spinner className="mt-6 size-6" />
      ) : (
        <div className="mt-4 space-y-4">
          <StateDetails state={state} />
          <div className="flex flex-wrap gap-2">
            {state.kind === 'connected' ? (
              <>
                <Button onClick={startSync} disabled={busy}>
                  <RefreshCw aria-hidden className={sync.isPending ? 'size-4 animate-spin' : 'size-4'} />
                  {t('integrations.sync')}
                </Button>
                <Button variant="secondary" onClick={startConnect} disabled={busy}>
                  {connect.isPending ? t('integrations.connecting') : t('integrations.reconnect')}
                </Button>
                <DisconnectButton disabled={busy} />
              </>
            ) : (
              <Button onClick={startConnect} disabled={busy}>
                {connect.isPending ? t('integrations.connecting') : state.kind === 'lapsed' ? t('integrations.reconnect') : t('integrations.connect')}
              </Button>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}

function StateBadge({ state }: { state: ConnectionState }) {
  const { t } = useTranslation('settings');
  if (state.kind === 'connected') return <Badge tone="success">{t('integrations.badge.connected')}</Badge>;
  if (state.kind === 'lapsed') return <Badge tone="warning">{t('integrations.badge.lapsed')}</Badge>;
  return <Badge>{t('integrations.badge.none')}</Badge>;
}

function StateDetails({ state }: { state: ConnectionState }) {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const { userType } = useAuth();
  // Only a creator's TikTok videos come into ViewPact (a brand's videos are the creators' for it): the others connect to be verified (issue 33).
  if (state.kind === 'none') {
    return <p className="max-w-2xl text-slate-600 dark:text-slate-300">{t(userType === 'brand' || userType === 'admin' ? 'integrations.promptBrandOrAdmin' : 'integrations.prompt')}</p>;
  }
  if (state.kind === 'lapsed') {
    return (
      <p role="status" className="max-w-2xl rounded-xl bg-amber-50 p-3 text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
        {t(`integrations.lapsed.${state.reason}`)} {t('integrations.lapsed.reconnect')}
      </p>
    );
  }
  const { connection } = state;
  const verified = connection.verified_status === 'verified';
  return (
    <div className="flex items-start gap-4">
      {connection.avatar_url && <img src={connection.avatar_url} alt="" className="size-14 shrink-0 rounded-full object-cover" />}
      <div className="space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {t('integrations.connectedAs', { username: connection.username ?? connection.display_name ?? '' })}
          {verified && (
            <Badge tone="success" title={t('integrations.verifiedHint')}>
              <BadgeCheck aria-hidden className="mr-1 size-3.5" />
              {t('integrations.verified')}
            </Badge>
          )}
        </p>
        {!verified && <p className="text-sm text-amber-800 dark:text-amber-200">{t('integrations.unverified', { username: connection.username ?? '' })}</p>}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {connection.connected_at && t('integrations.since', { date: formatDate(connection.connected_at, language) })}
          {connection.connected_at && connection.expires_at && ' · '}
          {connection.expires_at && t('integrations.expires', { date: formatDate(connection.expires_at, language) })}
        </p>
      </div>
    </div>
  );
}

function DisconnectButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const [open, setOpen] = useState(false);
  const disconnect = useDisconnectTikTok();
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} disabled={disabled}>
        <Unplug aria-hidden className="size-4" />
        {t('integrations.disconnect')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('common:actions.close')}>
          <DialogTitle className="pr-8 text-lg font-semibold">{t('integrations.disconnectTitle')}</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('integrations.disconnectText')}</DialogDescription>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">{t('common:actions.cancel')}</Button>
            </DialogClose>
            <Button
              variant="danger"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(false);
                    toast.success(t('integrations.disconnected'));
                  },
                })
              }
            >
              {disconnect.isPending ? t('integrations.disconnecting') : t('integrations.disconnect')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
