import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function CreatorDashboardPage() {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState icon={LayoutDashboard} title={t('empty.creatorTitle')} description={t('empty.creatorText')}>
      <Link to="/dashboard/opportunities" className={buttonClasses()}>
        {t('empty.browseOpportunities')}
      </Link>
    </EmptyState>
  );
}
