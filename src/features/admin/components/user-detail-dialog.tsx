import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/i18n/use-language';
import type { AdminUserDetail, AdminUserRow } from '@/lib/database';
import { formatBaht, formatDateTime, formatNumber } from '@/lib/format';
import { useUserDetail } from '../api/get-user-detail';
import { displayName } from './users-tab';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Figures({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const figures = detail.figures;
  if (!figures) return null;
  const items =
    detail.profile.user_type === 'brand'
      ? [
          [t('detail.briefs'), formatNumber(figures.briefs ?? 0, language)],
          [t('detail.videos'), formatNumber(figures.videos, language)],
          [t('detail.countedViews'), formatNumber(figures.countedViews, language)],
          [t('detail.estPay'), formatBaht(figures.estPay ?? 0, language)],
        ]
      : [
          [t('detail.videos'), formatNumber(figures.videos, language)],
          [t('detail.countedViews'), formatNumber(figures.countedViews, language)],
          [t('detail.earnings'), formatBaht(figures.estEarnings ?? 0, language)],
        ];
  return (
    <section className="mt-4">
      <h3 className="text-sm font-semibold">{t('detail.figures')}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-1 text-lg font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {(figures.estimatedVideos > 0 || figures.demoVideos > 0) && <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('detail.estimatedNote')}</p>}
    </section>
  );
}

/** The View panel: who the user is, how they sign in, their TikTok connection, suspension and figures (admin_user_detail). */
export function UserDetailDialog({ user, onClose }: { user: AdminUserRow | undefined; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const language = useLanguage();
  const detail = useUserDetail(user?.id);
  const d = detail.data;
  return (
    <Dialog open={Boolean(user)} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent closeLabel={t('common:actions.close')} aria-describedby={undefined} className="max-w-2xl">
          <DialogTitle className="pr-8 text-lg font-semibold">
            {displayName(user, t('users.noName'))} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">· {t(`users.types.${user.user_type}`)}</span>
          </DialogTitle>
          {!d ? (
            detail.isError ? (
              <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
                {t('detail.failed')}
              </p>
            ) : (
              <p role="status" className="mt-4 flex items-center gap-2 text-sm">
                <Spinner className="size-4" /> {t('detail.loading')}
              </p>
            )
          ) : (
            <>
              {d.suspension && (
                <div className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100">
                  <p className="font-semibold">{t('detail.suspendedSince', { date: formatDateTime(d.suspension.suspended_at, language) })}</p>
                  <p>{t('detail.suspensionReason', { reason: d.suspension.reason })}</p>
                </div>
              )}
              <dl className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-800">
                <Row label={t('detail.email')}>{d.email}</Row>
                <Row label={t('detail.signedUp')}>{d.signed_up_at ? formatDateTime(d.signed_up_at, language) : '—'}</Row>
                <Row label={t('detail.lastSignIn')}>{d.last_sign_in_at ? formatDateTime(d.last_sign_in_at, language) : t('detail.never')}</Row>
                <Row label={t('detail.tiktok')}>
                  <span className="flex flex-wrap items-center gap-2">
                    {d.profile.tiktok_username && <span>@{d.profile.tiktok_username}</span>}
                    <Badge tone={d.tiktok.state === 'connected' ? 'success' : d.tiktok.state === 'expired' ? 'warning' : 'neutral'}>{t(`detail.tiktokStates.${d.tiktok.state}`)}</Badge>
                    {d.tiktok.expires_at && d.tiktok.state !== 'not_connected' && (
                      <span className="text-xs text-slate-600 dark:text-slate-400">{t('detail.tiktokExpires', { date: formatDateTime(d.tiktok.expires_at, language) })}</span>
                    )}
                  </span>
                </Row>
              </dl>
              <Figures detail={d} />
            </>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
