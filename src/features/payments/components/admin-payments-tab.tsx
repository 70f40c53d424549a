import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { BillingReportsSection } from './billing-reports-section';
import { BillingSection } from './billing-section';
import { CloseMonthSection } from './close-month-section';
import { InvoicesSection } from './invoices-section';
import { PayoutsSection } from './payouts-section';
import { Pnd3Section } from './pnd3-section';

const sections = ['payouts', 'invoices', 'months'] as const;
type PaymentsView = (typeof sections)[number];

/** The address parameter that keeps the open part of the tab (payouts, the default, is left out). */
const param = 'pay';

/**
 * The admin console's Payments tab: paying creators (PromptPay QR or bank transfer) and
 * recording it, brands' billing (who lacks billing details, open invoices and their payments)
 * and their invoices, closing a month, the PND.3 export and the VAT and withholding reports.
 * The part shown lives in the address, like the console's tab.
 */
export function AdminPaymentsTab() {
  const { t } = useTranslation('payments');
  const [params, setParams] = useSearchParams();
  const current = params.get(param);
  const view: PaymentsView = sections.includes(current as PaymentsView) ? (current as PaymentsView) : 'payouts';
  const show = (next: string) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'payouts') updated.delete(param);
        else updated.set(param, next);
        return updated;
      },
      { replace: true },
    );
  return (
    <Tabs value={view} onValueChange={show}>
      <TabsList aria-label={t('admin.sections.label')} className="overflow-x-auto">
        {sections.map((name) => (
          <TabsTrigger key={name} value={name} className="flex-none whitespace-nowrap">
            {t(`admin.sections.${name}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="payouts">
        <PayoutsSection />
      </TabsContent>
      <TabsContent value="invoices" className="space-y-8">
        <BillingSection />
        <InvoicesSection />
      </TabsContent>
      <TabsContent value="months" className="space-y-8">
        <CloseMonthSection />
        <Pnd3Section />
        <BillingReportsSection />
      </TabsContent>
    </Tabs>
  );
}
