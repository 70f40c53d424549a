import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function BrandDashboardPage() {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState icon={LayoutDashboard} title={t('empty.brandTitle')} description={t('empty.brandText')}>
      <Link to="/dashboard/settings" className={buttonClasses()}>
        {t('empty.goToSettings')}
      </Link>
    </EmptyState>
  );
}
