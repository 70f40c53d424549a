import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/lib/paths';

/** The product name, linking home, with the Beta Version badge. */
export function Logo({ withBadge = true }: { withBadge?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2">
      <Link to={paths.home.getHref()} className="flex items-center gap-2 rounded-lg text-lg font-extrabold tracking-tight text-slate-900 dark:text-white">
        <svg aria-hidden viewBox="0 0 32 32" className="size-8">
          <rect width="32" height="32" rx="8" className="fill-brand-700" />
          <path d="M9 10l7 13 7-13" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t('appName')}
      </Link>
      {withBadge && <Badge tone="brand">{t('beta')}</Badge>}
    </span>
  );
}
