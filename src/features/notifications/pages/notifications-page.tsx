import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';

/** Nothing sends notifications yet: say so plainly. */
export default function NotificationsPage() {
  const { t } = useTranslation('dashboard');
  return <EmptyState icon={BellOff} title={t('empty.notificationsTitle')} description={t('empty.notificationsText')} />;
}
