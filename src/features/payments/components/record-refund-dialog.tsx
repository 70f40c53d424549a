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
import { paymentLimits } from '../api/record-brand-payment';
import { brandRefundRefusal, brandRefundSchema, useRecordBrandRefund, type BrandRefundInput } from '../api/record-brand-refund';

/**
 * Records that the credit left on a credit note went back to the brand (record_brand_refund):
 * the day and the bank reference of the transfer. A refusal shows under its field, or above the
 * buttons when it concerns none.
 */
export function RecordRefundDialog({ creditNote, brandName, onClose }: { creditNote: BillingDocument | undefined; brandName: string; onClose: () => void }) {
  const { t } = useTranslation(['payments', 'common']);
  const language = useLanguage();
  const refund = useRecordBrandRefund();
  const today = bangkokToday();
  const close = () => {
    refund.reset();
    onClose();
  };
  if (!creditNote) return null;
  const defaultValues: BrandRefundInput = { paidOn: today, bankReference: '' };

  function submit(values: BrandRefundInput, { setError }: FormMethods<typeof brandRefundSchema>) {
    refund.mutate(
      { ...values, creditNoteId: creditNote!.id },
      {
        onSuccess: ({ amount_satang }) => {
          toast.success(t('billing.refund.done', { amount: formatSatang(amount_satang, language), number: creditNote!.number }));
          close();
        },
        onError: (error) => {
          const refused = brandRefundRefusal(error);
          if (refused) setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
        },
      },
    );
  }

  const refusedElsewhere = refund.error != null && !brandRefundRefusal(refund.error);
  return (
    <Dialog open onOpenChange={(next) => !next && close()}>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogTitle className="pr-8 text-lg font-semibold">{t('billing.refund.title')}</DialogTitle>
        <DialogDescription className="mt-2 text-sm break-words text-slate-600 dark:text-slate-400">
          {t('billing.refund.text', { name: brandName, number: creditNote.number, amount: formatSatang(creditNote.balanceSatang, language) })}
        </DialogDescription>
        <Form schema={brandRefundSchema} options={{ defaultValues }} className="mt-4 space-y-4" onSubmit={submit}>
          {({ register }) => (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t('billing.refund.paidOn')} registration={register('paidOn')}>
                  <DateField max={today} />
                </Field>
                <Field label={t('billing.record.bankReference')} registration={register('bankReference')}>
                  <Input maxLength={paymentLimits.bankReference} autoComplete="off" />
                </Field>
              </div>
              {refusedElsewhere && (
                <FormRefusal>{errorText(refund.error, 'internal_error')}</FormRefusal>
              )}
              <DialogFormButtons pending={refund.isPending} submit={t('billing.refund.submit')} submitting={t('billing.record.saving')} />
            </>
          )}
        </Form>
      </DialogContent>
    </Dialog>
  );
}
