import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

export default function AdminDashboardPage() {
  const { t } = useTranslation('dashboard');
  return <EmptyState icon={ShieldCheck} title={t('empty.adminTitle')} description={t('empty.adminText')} />;
}
