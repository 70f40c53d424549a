import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form, type FormMethods } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/features/auth/api/use-auth';
import { usePayRules } from '@/features/earnings/api/get-pay-rules';
import { usePayoutAccount, type PayoutAccount } from '@/features/earnings/api/get-payout-account';
import { usePayoutBanks, type PayoutBank } from '@/features/earnings/api/get-payout-banks';
import { payoutAccountSchema, payoutRefusalFields, useSavePayoutAccount, type PayoutAccountInput } from '@/features/earnings/api/save-payout-account';
import { useLanguage } from '@/i18n/use-language';
import { formatBaht, formatDate } from '@/lib/format';
import { showRefusal } from '@/lib/field-errors';
import { errorText, isMessageKey, toastError } from '@/lib/notify';
import { textLimits } from '@/lib/text-limits';

/** A saved number shown by its last 4 digits only: •••••• 5678. */
export const maskDigits = (value: string) => `•••••• ${value.slice(-4)}`;

const bankLabel = (bank: PayoutBank, language: 'en' | 'th') => (language === 'th' ? bank.name_th : bank.name_en);

const bankName = (banks: PayoutBank[] | undefined, code: string | null, language: 'en' | 'th') => {
  const bank = banks?.find((candidate) => candidate.code === code);
  return bank ? bankLabel(bank, language) : (code ?? '');
};

/** Settings → Payouts (creators): where earnings are sent, and the tax details for the withholding tax certificate. */
export function PayoutsTab() {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const { user } = useAuth();
  const rules = usePayRules();
  const account = usePayoutAccount(user?.id);
  const banks = usePayoutBanks();
  const [editing, setEditing] = useState(false);

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('payouts.title')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('payouts.description')}</p>
      {rules.data && (
        <p className="mt-3 rounded-xl bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          {t('payouts.rules', {
            minimum: formatBaht(rules.data.payout_minimum_satang / 100, language),
            threshold: formatBaht(rules.data.wht_threshold_satang / 100, language),
            rate: rules.data.wht_rate_bp / 100,
          })}
        </p>
      )}
      <div className="mt-6">
        {account.isPending ? (
          <Spinner className="mx-auto size-6" />
        ) : account.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorText(account.error, 'internal_error')}
          </p>
        ) : editing || !account.data ? (
          <PayoutForm
            // Re-mounted when the saved details change, so the form starts from them.
            key={account.data?.updated_at ?? 'none'}
            saved={account.data}
            banks={banks.data}
            onSaved={() => setEditing(false)}
            onCancel={account.data ? () => setEditing(false) : undefined}
          />
        ) : (
          <SavedDetails account={account.data} banks={banks.data} onEdit={() => setEditing(true)} />
        )}
      </div>
    </Card>
  );
}

function SavedDetails({ account, banks, onEdit }: { account: PayoutAccount; banks: PayoutBank[] | undefined; onEdit: () => void }) {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const bank = account.method === 'bank';
  const number = bank ? account.account_number : account.promptpay_id;
  const none = <span className="text-slate-500 dark:text-slate-400">{t('payouts.saved.none')}</span>;
  const rows: [string, ReactNode][] = [
    [t('payouts.saved.method'), bank ? bankName(banks, account.bank_code, language) : t('payouts.form.promptpay')],
    [t('payouts.saved.account'), number ? maskDigits(number) : none],
    ...(bank ? [[t('payouts.saved.accountName'), account.account_name ?? none] as [string, ReactNode]] : []),
    [t('payouts.saved.legalName'), account.legal_name ?? none],
    [t('payouts.saved.address'), account.address ?? none],
    [
      t('payouts.saved.taxId'),
      account.tax_id ? (
        <>
          {maskDigits(account.tax_id)}
          {account.tax_consent_at && (
            <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">{t('payouts.saved.consentOn', { date: formatDate(account.tax_consent_at, language) })}</span>
          )}
        </>
      ) : (
        none
      ),
    ],
  ];
  return (
    <div>
      <dl className="grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mt-0.5 font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={onEdit}>
          {t('payouts.edit')}
        </Button>
        <span className="text-xs text-slate-600 dark:text-slate-400">{t('payouts.saved.updated', { date: formatDate(account.updated_at, language) })}</span>
      </div>
    </div>
  );
}

type FormProps = { saved: PayoutAccount | null; banks: PayoutBank[] | undefined; onSaved: () => void; onCancel?: () => void };

function PayoutForm({ saved, banks, onSaved, onCancel }: FormProps) {
  const { t } = useTranslation('earnings');
  const language = useLanguage();
  const { user } = useAuth();
  const save = useSavePayoutAccount(user?.id);
  const consentId = useId();
  const sorted = [...(banks ?? [])].sort((a, b) => bankLabel(a, language).localeCompare(bankLabel(b, language), language));
  const defaultValues: PayoutAccountInput = {
    method: saved?.method === 'bank' ? 'bank' : 'promptpay',
    promptpayId: saved?.promptpay_id ?? '',
    bankCode: saved?.bank_code ?? '',
    accountNumber: saved?.account_number ?? '',
    accountName: saved?.account_name ?? '',
    legalName: saved?.legal_name ?? '',
    address: saved?.address ?? '',
    taxId: saved?.tax_id ?? '',
    // The consent on record: it stays until the tax ID is removed.
    taxConsent: Boolean(saved?.tax_consent_at),
  };
  // A schema message is a key in any namespace (as Field reads it); a server's is the text itself.
  const { t: translate } = useTranslation();
  const messageOf = (message: string | undefined): string | undefined => (message && isMessageKey(message) ? translate(message) : message);

  function submit(values: PayoutAccountInput, { setError }: FormMethods<typeof payoutAccountSchema>) {
    save.mutate(values, {
      onSuccess: () => {
        toast.success(t('payouts.form.savedMessage'));
        onSaved();
      },
      onError: (error) => void (showRefusal(error, payoutRefusalFields(values), setError) || toastError(error)),
    });
  }

  return (
    <Form schema={payoutAccountSchema} options={{ defaultValues }} onSubmit={submit} className="grid gap-6">
      {({ register, watch, formState: { errors } }) => {
        const method = watch('method');
        const hasTaxId = watch('taxId').trim() !== '';
        const consentError = messageOf(errors.taxConsent?.message);
        const methodError = messageOf(errors.method?.message);
        return (
          <>
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">{t('payouts.form.method')}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {(['promptpay', 'bank'] as const).map((option) => (
                  <label
                    key={option}
                    className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-brand-800/20"
                  >
                    <input type="radio" value={option} {...register('method')} className="mt-1 size-4 accent-brand-700" />
                    <span>
                      <span className="block font-semibold">{t(`payouts.form.${option}`)}</span>
                      <span className="block text-xs text-slate-600 dark:text-slate-400">{t(`payouts.form.${option}Hint`)}</span>
                    </span>
                  </label>
                ))}
              </div>
              {methodError && <p className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">{methodError}</p>}
            </fieldset>

            {method === 'bank' ? (
              <div className="grid gap-5 sm:grid-cols-2">
                <Field label={t('payouts.form.bankCode')} registration={register('bankCode')} className="sm:col-span-2">
                  <Select>
                    <option value="">{t('payouts.form.chooseBank')}</option>
                    {sorted.map((bank) => (
                      <option key={bank.code} value={bank.code}>
                        {bankLabel(bank, language)}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label={t('payouts.form.accountNumber')} registration={register('accountNumber')}>
                  <Input inputMode="numeric" autoComplete="off" />
                </Field>
                <Field label={t('payouts.form.accountName')} hint={t('payouts.form.accountNameHint')} registration={register('accountName')}>
                  <Input autoComplete="name" maxLength={textLimits.accountName} />
                </Field>
              </div>
            ) : (
              <Field label={t('payouts.form.promptpayId')} hint={t('payouts.form.promptpayIdHint')} registration={register('promptpayId')} className="sm:max-w-sm">
                <Input inputMode="numeric" autoComplete="off" />
              </Field>
            )}

            <fieldset className="border-t border-slate-200 pt-5 dark:border-slate-800">
              <legend className="float-left w-full text-base font-semibold">{t('payouts.form.taxTitle')}</legend>
              <p className="clear-left pt-1 text-sm text-slate-600 dark:text-slate-400">{t('payouts.form.taxDescription')}</p>
              <div className="mt-4 grid max-w-xl gap-5">
                <Field label={t('payouts.form.legalName')} optional={t('payouts.form.optional')} registration={register('legalName')}>
                  <Input autoComplete="name" maxLength={textLimits.legalName} />
                </Field>
                <Field label={t('payouts.form.address')} optional={t('payouts.form.optional')} registration={register('address')}>
                  <Textarea rows={3} autoComplete="street-address" maxLength={textLimits.address} />
                </Field>
                <Field label={t('payouts.form.taxId')} optional={t('payouts.form.optional')} hint={t('payouts.form.taxIdHint')} registration={register('taxId')}>
                  <Input inputMode="numeric" autoComplete="off" />
                </Field>
                {hasTaxId && (
                  <div>
                    <div className="flex items-start gap-3">
                      <input
                        id={consentId}
                        type="checkbox"
                        {...register('taxConsent')}
                        aria-invalid={consentError ? true : undefined}
                        aria-describedby={consentError ? `${consentId}-error` : undefined}
                        className="mt-1 size-4 shrink-0 accent-brand-700"
                      />
                      <label htmlFor={consentId} className="text-sm">
                        {t('payouts.form.consent')}
                      </label>
                    </div>
                    {consentError && (
                      <p id={`${consentId}-error`} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
                        {consentError}
                      </p>
                    )}
                    <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">{t('payouts.form.consentWithdraw')}</p>
                  </div>
                )}
              </div>
            </fieldset>

            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? t('payouts.form.saving') : t('payouts.form.save')}
              </Button>
              {onCancel && (
                <Button variant="ghost" onClick={onCancel} disabled={save.isPending}>
                  {t('payouts.form.cancel')}
                </Button>
              )}
            </div>
          </>
        );
      }}
    </Form>
  );
}
