import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function EarningsPage() {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState icon={Wallet} title={t('empty.earningsTitle')} description={t('empty.earningsText')}>
      <Link to="/dashboard/opportunities" className={buttonClasses()}>
        {t('empty.browseOpportunities')}
      </Link>
    </EmptyState>
  );
}
