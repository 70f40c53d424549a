import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export default function VideosPage() {
  const { t } = useTranslation('dashboard');
  return (
    <EmptyState icon={Video} title={t('empty.videosTitle')} description={t('empty.videosText')}>
      <Link to="/dashboard/opportunities" className={buttonClasses()}>
        {t('empty.browseOpportunities')}
      </Link>
    </EmptyState>
  );
}
