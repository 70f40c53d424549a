import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The creator connected the TikTok account their profile names (tiktok_connections.verified_status). */
export function VerifiedMark() {
  const { t } = useTranslation('common');
  return (
    <span className="inline-flex items-center text-brand-700 dark:text-brand-300" title={t('verified.hint')}>
      <BadgeCheck aria-hidden className="size-4" />
      <span className="sr-only">{t('verified.label')}</span>
    </span>
  );
}
