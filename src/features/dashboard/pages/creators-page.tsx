import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function CreatorsPage() {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState icon={Users} title={t('empty.creatorsTitle')} description={t('empty.creatorsText')}>
      <Link to="/dashboard/settings" className={buttonClasses()}>
        {t('empty.goToSettings')}
      </Link>
    </EmptyState>
  );
}
