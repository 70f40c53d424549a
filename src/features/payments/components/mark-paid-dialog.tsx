import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { DialogFormButtons, FormRefusal } from '@/components/ui/dialog-form-end';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { refusalField } from '@/lib/field-errors';
import { errorText } from '@/lib/notify';
import { textLimits } from '@/lib/text-limits';
import { paymentRecordSchema, paymentRefusalFields, type PaymentRecord } from '../api/mark-payout-paid';
import { bangkokToday } from '@/lib/months';

/** The database's refusal: under the reference or the day when it concerns one (issue 33), else above the buttons. */
function Refusal({ error }: { error: unknown }) {
  const { setError } = useFormContext<PaymentRecord>();
  useEffect(() => {
    const refused = refusalField(error, paymentRefusalFields);
    if (refused) setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
  }, [error, setError]);
  if (error == null || refusalField(error, paymentRefusalFields)) return null;
  return <FormRefusal>{errorText(error, 'moderation_failed')}</FormRefusal>;
}

/**
 * Records a transfer: its reference and day (today by default). The database's refusal
 * (already paid, a day in the future...) shows in the dialog, translated.
 */
export function MarkPaidDialog({
  open,
  title,
  description,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  pending: boolean;
  error: unknown;
  onSubmit: (record: PaymentRecord) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['payments', 'common']);
  const today = bangkokToday();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <DialogContent closeLabel={t('common:actions.close')}>
          <DialogTitle className="pr-8 text-lg font-semibold">{title}</DialogTitle>
          <DialogDescription className="mt-2 text-sm break-words text-slate-600 dark:text-slate-400">{description}</DialogDescription>
          <Form schema={paymentRecordSchema} options={{ defaultValues: { reference: '', paidOn: today } }} className="mt-4 space-y-4" onSubmit={(values) => onSubmit(values)}>
            {({ register }) => (
              <>
                <Field label={t('admin.markPaid.reference')} hint={t('admin.markPaid.referenceHint')} registration={register('reference')}>
                  <Input maxLength={textLimits.paymentReference} autoComplete="off" />
                </Field>
                <Field label={t('admin.markPaid.paidOn')} registration={register('paidOn')}>
                  <DateField max={today} />
                </Field>
                <Refusal error={error} />
                <DialogFormButtons pending={pending} submit={t('admin.markPaid.submit')} submitting={t('admin.markPaid.saving')} />
              </>
            )}
          </Form>
        </DialogContent>
      )}
    </Dialog>
  );
}
