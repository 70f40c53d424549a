import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useDownloadMyData } from '../api/export-my-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The PDPA's rights in Settings → Account: a copy of everything that is the person's, and erasure. */
export function PersonalDataCard({ isBrand }: { isBrand: boolean }) {
  const { t } = useTranslation('settings');
  const download = useDownloadMyData();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('personalData.title')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('personalData.downloadText')}</p>
      <Button
        className="mt-4"
        variant="secondary"
        disabled={download.isPending}
        onClick={() => download.mutate(undefined, { onSuccess: () => toast.success(t('personalData.downloaded')) })}
      >
        {download.isPending ? t('personalData.preparing') : t('personalData.download')}
      </Button>
      <div className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800">
        <h3 className="text-base font-semibold">{t('deleteAccount.heading')}</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('deleteAccount.text')}</p>
        <div className="mt-4">
          <DeleteAccountDialog isBrand={isBrand} />
        </div>
      </div>
    </Card>
  );
}
