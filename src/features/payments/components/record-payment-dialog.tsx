import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogFormButtons, FormRefusal } from '@/components/ui/dialog-form-end';
import { Field } from '@/components/ui/field';
import { Form, type FormMethods } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLanguage } from '@/i18n/use-language';
import { formatSatang } from '@/lib/format';
import { bangkokToday } from '@/lib/months';
import { errorText } from '@/lib/notify';
import { toast } from '@/lib/toast';
import type { BillingDocument } from '../api/billing-document-row';
import { bahtToSatang, brandPaymentRefusal, brandPaymentSchema, paymentLimits, satangToInput, useRecordBrandPayment, type BrandPaymentInput } from '../api/record-brand-payment';

/**
 * What the brand is expected to have paid on what is left of an invoice: the withholding in the
 * proportion the invoice expects it (all of it on a first payment of the whole), the rest received.
 */
export function expectedSplit(invoice: BillingDocument): { received: number; withheld: number } {
  if (invoice.totalSatang <= 0) return { received: 0, withheld: 0 };
  const withheld = invoice.paidSatang === 0 ? invoice.whtExpectedSatang : Math.round((invoice.balanceSatang * invoice.whtExpectedSatang) / invoice.totalSatang);
  return { received: invoice.balanceSatang - withheld, withheld };
}

/**
 * Records a brand's payment of an invoice (record_brand_payment): received, withheld with the
 * expected amount filled in, the 50 Tawi number, the day and the bank reference, and the balance
 * this leaves. A refusal shows under its field, or above the buttons when it concerns none.
 */
export function RecordPaymentDialog({ invoice, brandName, onClose }: { invoice: BillingDocument | undefined; brandName: string; onClose: () => void }) {
  const { t } = useTranslation(['payments', 'common']);
  const language = useLanguage();
  const record = useRecordBrandPayment();
  const today = bangkokToday();
  const close = () => {
    record.reset();
    onClose();
  };
  if (!invoice) return null;
  const split = expectedSplit(invoice);
  const defaultValues: BrandPaymentInput = { received: satangToInput(split.received), withheld: satangToInput(split.withheld), certificateNo: '', paidOn: today, bankReference: '' };
  const schema = brandPaymentSchema(invoice.balanceSatang);

  function submit(values: BrandPaymentInput, { setError }: FormMethods<typeof schema>) {
    record.mutate(
      { ...values, invoiceId: invoice!.id, balanceSatang: invoice!.balanceSatang },
      {
        onSuccess: ({ document_number }) => {
          toast.success(t('billing.record.done', { number: document_number }));
          close();
        },
        onError: (error) => {
          const refused = brandPaymentRefusal(error);
          if (refused) setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
        },
      },
    );
  }

  const refusedElsewhere = record.error != null && !brandPaymentRefusal(record.error);
  return (
    <Dialog open onOpenChange={(next) => !next && close()}>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogTitle className="pr-8 text-lg font-semibold">{t('billing.record.title')}</DialogTitle>
        <DialogDescription className="mt-2 text-sm break-words text-slate-600 dark:text-slate-400">
          {t('billing.record.text', { name: brandName, number: invoice.number, total: formatSatang(invoice.totalSatang, language), balance: formatSatang(invoice.balanceSatang, language) })}
        </DialogDescription>
        <Form schema={schema} options={{ defaultValues }} className="mt-4 space-y-4" onSubmit={submit}>
          {({ register, watch }) => {
            const received = bahtToSatang(watch('received'));
            const withheld = bahtToSatang(watch('withheld'));
            const left = received === null || withheld === null ? null : invoice.balanceSatang - received - withheld;
            return (
              <>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label={t('billing.record.received')} hint={t('billing.record.receivedHint')} registration={register('received')}>
                    <Input inputMode="decimal" autoComplete="off" />
                  </Field>
                  <Field
                    label={t('billing.record.withheld')}
                    hint={t('billing.record.withheldHint', { amount: formatSatang(split.withheld, language), rate: (invoice.whtRateBp ?? 0) / 100 })}
                    registration={register('withheld')}
                  >
                    <Input inputMode="decimal" autoComplete="off" />
                  </Field>
                </div>
                <Field label={t('billing.record.certificateNo')} hint={t('billing.record.certificateHint')} registration={register('certificateNo')}>
                  <Input maxLength={paymentLimits.certificateNo} autoComplete="off" />
                </Field>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label={t('billing.record.paidOn')} registration={register('paidOn')}>
                    <DateField max={today} />
                  </Field>
                  <Field label={t('billing.record.bankReference')} registration={register('bankReference')}>
                    <Input maxLength={paymentLimits.bankReference} autoComplete="off" />
                  </Field>
                </div>
                {left !== null && (
                  <p role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm font-medium tabular-nums dark:bg-slate-800/60">
                    {t('billing.record.left', { amount: formatSatang(left, language) })}
                  </p>
                )}
                {refusedElsewhere && (
                  <FormRefusal>{errorText(record.error, 'internal_error')}</FormRefusal>
                )}
                <DialogFormButtons pending={record.isPending} submit={t('billing.record.submit')} submitting={t('billing.record.saving')} />
              </>
            );
          }}
        </Form>
      </DialogContent>
    </Dialog>
  );
}
