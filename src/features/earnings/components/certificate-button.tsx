import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { usePayRules } from '../api/get-pay-rules';
import { usePayoutAccount } from '../api/get-payout-account';
import type { Statement } from '../api/list-statements';
import { certificateInput } from '../lib/certificate';
import { certificatePdf } from '@/lib/money/certificate';
import { saveFile } from '@/lib/save-file';

export const payoutSettingsLink = { pathname: paths.dashboard.settings.getHref(), search: '?tab=payouts' };

/**
 * The withholding tax certificate (50 ทวิ) of a paid month, made in the browser. The PDF
 * module (pdfkit and the Thai font) loads on the first click, never with the page.
 */
export function CertificateButton({ statement, userId, profileName }: { statement: Statement; userId: string; profileName: string }) {
  const { t } = useTranslation('earnings');
  const rules = usePayRules();
  const account = usePayoutAccount(userId);
  const [making, setMaking] = useState(false);

  if (account.isSuccess && !account.data?.tax_id) {
    return (
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('certificate.needsTaxId')}{' '}
        <Link to={payoutSettingsLink} className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
          {t('certificate.settingsLink')}
        </Link>
      </p>
    );
  }

  async function download() {
    const input = rules.data && account.data ? certificateInput(statement, rules.data, account.data, profileName) : null;
    if (!input) return;
    setMaking(true);
    try {
      const { bytes, fileName } = await certificatePdf(input, statement.month);
      saveFile(bytes, fileName, 'application/pdf');
    } catch (error) {
      console.error('Making the withholding tax certificate failed:', error);
      toast.error(t('certificate.failed'));
    } finally {
      setMaking(false);
    }
  }

  return (
    <Button size="sm" variant="secondary" className="whitespace-normal text-left" disabled={making || !rules.data || !account.data} onClick={() => void download()}>
      <FileDown aria-hidden className="size-4 shrink-0" />
      {making ? t('certificate.preparing') : t('certificate.download')}
    </Button>
  );
}
