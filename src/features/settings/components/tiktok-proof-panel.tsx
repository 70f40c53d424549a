import { BadgeCheck, ShieldQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/features/auth/api/use-auth';
import { useBioCode, useVerifyBio } from '@/features/tiktok/api/tiktok-proof';
import { useLanguage } from '@/i18n/use-language';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';

/**
 * Settings → Integrations, for creators: whether the profile's TikTok account is proven theirs
 * (the verified mark and the money rule are the same fact: profiles.tiktok_proof), and the
 * bio-code way to prove it for a creator who cannot connect TikTok.
 */
export function TikTokProofPanel() {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const { user, profile } = useAuth();
  const code = useBioCode();
  const verify = useVerifyBio(user?.id);
  const username = profile?.tiktok_username ?? null;
  const proof = profile?.tiktok_proof ?? null;

  const check = () =>
    verify.mutate(undefined, {
      onSuccess: () => {
        code.reset();
        toast.success(t('proof.verifiedToast'));
      },
    });

  return (
    <Card className="mt-6 p-6">
      <h2 className="flex items-center gap-3 text-lg font-semibold">
        {proof ? <BadgeCheck aria-hidden className="size-5 text-brand-700 dark:text-brand-300" /> : <ShieldQuestion aria-hidden className="size-5 text-amber-700" />}
        {t('proof.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-sm text-slate-600 dark:text-slate-300">{t('proof.intro')}</p>
      {!username ? (
        <p className="mt-4 text-sm">{t('proof.none')}</p>
      ) : proof ? (
        <p role="status" className="mt-4 font-medium">
          {t('proof.verified', { username })} <span className="font-normal text-slate-600 dark:text-slate-300">{t(`proof.via.${proof}`)}</span>
        </p>
      ) : (
        <div className="mt-4 space-y-4">
          <p role="status" className="max-w-2xl rounded-xl bg-amber-50 p-3 text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
            {profile?.tiktok_lapsed_at
              ? t('proof.lapsed', { username, date: formatDate(profile.tiktok_lapsed_at, language) })
              : t('proof.unverified', { username })}
          </p>
          {code.data ? (
            <div className="space-y-3">
              <p className="max-w-2xl text-sm">{t('proof.codeSteps', { username: code.data.username })}</p>
              <p>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{t('proof.codeLabel')}</span>
                <output className="font-mono text-2xl font-bold tracking-wider select-all">{code.data.code}</output>
              </p>
              <Button onClick={check} disabled={verify.isPending}>
                {verify.isPending ? t('proof.checking') : t('proof.check')}
              </Button>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => code.mutate()} disabled={code.isPending}>
              {code.isPending ? t('proof.gettingCode') : t('proof.getCode')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
