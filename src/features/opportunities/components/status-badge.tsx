import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import type { BriefStatus } from '@/lib/database';

const tones = { open: 'success', matched: 'brand', closed: 'neutral' } as const;

export function StatusBadge({ status }: { status: BriefStatus }) {
  const { t } = useTranslation('opportunities');
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
