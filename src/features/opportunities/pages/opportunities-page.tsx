import { Briefcase } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

export default function OpportunitiesPage() {
  const { t } = useTranslation('dashboard');
  return <EmptyState icon={Briefcase} title={t('empty.opportunitiesTitle')} description={t('empty.opportunitiesText')} />;
}
