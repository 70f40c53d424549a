import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form, type FormMethods } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/features/auth/api/use-auth';
import { useBillingDetails, type BillingDetails } from '@/features/payments/api/get-billing-details';
import { billingDetailsRefusal, billingDetailsSchema, billingLimits, useSaveBillingDetails, type BillingDetailsInput } from '@/features/payments/api/save-billing-details';
import { useLanguage } from '@/i18n/use-language';
import { formatDate } from '@/lib/format';
import { errorText, toastError } from '@/lib/notify';
import { toast } from '@/lib/toast';

/** 0105556123453 → 0-1055-56123-45-3, as the Revenue Department prints a tax ID. */
const taxIdShown = (id: string) => id.replace(/^(\d)(\d{4})(\d{5})(\d{2})(\d)$/, '$1-$2-$3-$4-$5');

/** Settings → Billing details (brands): the company's particulars for its invoices, receipts/tax invoices and credit notes. */
export function BillingTab() {
  const { t } = useTranslation('payments');
  const { user } = useAuth();
  const details = useBillingDetails(user?.id);
  const [editing, setEditing] = useState(false);
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('billing.details.title')}</h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">{t('billing.details.description')}</p>
      <div className="mt-6">
        {details.isPending ? (
          <Spinner className="mx-auto size-6" />
        ) : details.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorText(details.error, 'internal_error')}
          </p>
        ) : editing || !details.data ? (
          <BillingForm
            // Re-mounted when the saved details change, so the form starts from them.
            key={details.data?.updated_at ?? 'none'}
            saved={details.data}
            onSaved={() => setEditing(false)}
            onCancel={details.data ? () => setEditing(false) : undefined}
          />
        ) : (
          <SavedDetails details={details.data} onEdit={() => setEditing(true)} />
        )}
      </div>
    </Card>
  );
}

function SavedDetails({ details, onEdit }: { details: BillingDetails; onEdit: () => void }) {
  const { t } = useTranslation('payments');
  const language = useLanguage();
  const rows: [string, string][] = [
    [t('billing.details.legalName'), details.legal_name],
    [t('billing.details.address'), details.address],
    [t('billing.details.taxId'), taxIdShown(details.tax_id)],
    [t('billing.details.office'), details.branch === '00000' ? t('billing.details.headOffice') : t('billing.details.branchShown', { branch: details.branch })],
    [t('billing.details.billingEmail'), details.billing_email],
  ];
  return (
    <div>
      <dl className="grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-0.5 font-medium break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">{t('billing.details.keptOnDocuments')}</p>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={onEdit}>
          {t('billing.details.edit')}
        </Button>
        <span className="text-xs text-slate-600 dark:text-slate-400">{t('billing.details.updated', { date: formatDate(details.updated_at, language) })}</span>
      </div>
    </div>
  );
}

function BillingForm({ saved, onSaved, onCancel }: { saved: BillingDetails | null; onSaved: () => void; onCancel?: () => void }) {
  const { t } = useTranslation('payments');
  const save = useSaveBillingDetails();
  const defaultValues: BillingDetailsInput = {
    legalName: saved?.legal_name ?? '',
    address: saved?.address ?? '',
    taxId: saved?.tax_id ?? '',
    headOffice: (saved?.branch ?? '00000') === '00000',
    branch: saved && saved.branch !== '00000' ? saved.branch : '',
    billingEmail: saved?.billing_email ?? '',
  };

  function submit(values: BillingDetailsInput, { setError }: FormMethods<typeof billingDetailsSchema>) {
    save.mutate(values, {
      onSuccess: () => {
        toast.success(t('billing.details.saved'));
        onSaved();
      },
      onError: (error) => {
        const refused = billingDetailsRefusal(error);
        if (refused) setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
        else toastError(error);
      },
    });
  }

  return (
    <Form schema={billingDetailsSchema} options={{ defaultValues }} onSubmit={submit} className="grid max-w-xl gap-5">
      {({ register, watch, setValue }) => {
        const headOffice = watch('headOffice');
        return (
          <>
            <Field label={t('billing.details.legalName')} hint={t('billing.details.legalNameHint')} registration={register('legalName')}>
              <Input autoComplete="organization" maxLength={billingLimits.legalName} />
            </Field>
            <Field label={t('billing.details.address')} registration={register('address')}>
              <Textarea rows={3} autoComplete="street-address" maxLength={billingLimits.address} />
            </Field>
            <Field label={t('billing.details.taxId')} hint={t('billing.details.taxIdHint')} registration={register('taxId')}>
              <Input inputMode="numeric" autoComplete="off" maxLength={17} />
            </Field>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{t('billing.details.office')}</legend>
              <div className="flex flex-wrap gap-3">
                {([true, false] as const).map((head) => (
                  <label
                    key={String(head)}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-brand-800/20"
                  >
                    <input
                      type="radio"
                      name="office"
                      checked={headOffice === head}
                      onChange={() => setValue('headOffice', head, { shouldDirty: true })}
                      className="size-4 accent-brand-700"
                    />
                    {head ? t('billing.details.headOffice') : t('billing.details.branchOffice')}
                  </label>
                ))}
              </div>
            </fieldset>
            {!headOffice && (
              <Field label={t('billing.details.branch')} hint={t('billing.details.branchHint')} registration={register('branch')} className="sm:max-w-xs">
                <Input inputMode="numeric" autoComplete="off" maxLength={5} />
              </Field>
            )}
            <Field label={t('billing.details.billingEmail')} hint={t('billing.details.billingEmailHint')} registration={register('billingEmail')}>
              <Input type="email" autoComplete="email" maxLength={billingLimits.billingEmail} />
            </Field>
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('billing.details.saving') : t('billing.details.save')}
              </Button>
              {onCancel && (
                <Button variant="ghost" onClick={onCancel} disabled={save.isPending}>
                  {t('billing.details.cancel')}
                </Button>
              )}
            </div>
          </>
        );
      }}
    </Form>
  );
}
