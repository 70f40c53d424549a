import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLanguage } from '@/i18n/use-language';
import { AppError } from '@/lib/errors';
import { formatSatang } from '@/lib/format';
import { toastError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { deleteAccountSchema, openBalanceOf, useDeleteMyAccount, type OpenBalance } from '../api/delete-my-account';
import { textLimits } from '@/lib/text-limits';

/** Why a brand cannot leave yet: what it still owes, to the satang, and where it comes from. */
function OpenBalanceAlert({ balance }: { balance: OpenBalance | null }) {
  const { t } = useTranslation(['settings', 'errors']);
  const language = useLanguage();
  const amount = (satang: number) => formatSatang(satang, language);
  return (
    <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
      <p>{t('errors:brand_owes_money')}</p>
      {balance && (
        <>
          <p className="mt-2 font-semibold">{t('deleteAccount.owedTotal', { amount: amount(balance.openSatang) })}</p>
          <ul className="mt-1 list-disc ps-5">
            {balance.invoicesDueSatang !== 0 && <li>{t('deleteAccount.owedInvoices', { amount: amount(balance.invoicesDueSatang) })}</li>}
            {balance.unclosedSatang !== 0 && <li>{t('deleteAccount.owedUnclosed', { amount: amount(balance.unclosedSatang) })}</li>}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * Delete my account (PDPA): says what is erased and what tax law keeps, asks for the password
 * again, and on success leaves for the home page, signed out. Awaited rather than left to the
 * mutation's callbacks: the dashboard's guard unmounts this as soon as the session ends.
 */
export function DeleteAccountDialog({ isBrand }: { isBrand: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // A brand that owes money: what it owes ({ balance: null } when the refusal gave no amounts).
  const [owed, setOwed] = useState<{ balance: OpenBalance | null } | null>(null);
  const remove = useDeleteMyAccount();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        setOwed(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger">{t('deleteAccount.open')}</Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogTitle className="pr-8 text-lg font-semibold">{t('deleteAccount.title')}</DialogTitle>
        <DialogDescription asChild>
          <div className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-300">
            <p>{t('deleteAccount.erased')}</p>
            {isBrand && <p>{t('deleteAccount.briefsClose')}</p>}
            <p>{t('deleteAccount.kept')}</p>
            <p className="font-medium">{t('deleteAccount.final')}</p>
          </div>
        </DialogDescription>
        {owed && <OpenBalanceAlert balance={owed.balance} />}
        <Form
          schema={deleteAccountSchema}
          options={{ defaultValues: { password: '' } }}
          className="mt-5 space-y-4"
          onSubmit={async (values, { setError }) => {
            setOwed(null);
            try {
              await remove.mutateAsync(values);
            } catch (error) {
              if (error instanceof AppError && error.code === 'brand_owes_money') {
                setOwed({ balance: openBalanceOf(error) });
              } else if (error instanceof AppError && (error.code === 'password_incorrect' || error.code === 'too_many_attempts')) {
                setError('password', { message: `errors:${error.code}` }, { shouldFocus: true });
              } else toastError(error);
              return;
            }
            toast.success(t('deleteAccount.deleted'));
            navigate(paths.home.getHref(), { replace: true });
          }}
        >
          {({ register }) => (
            <>
              <Field label={t('deleteAccount.password')} hint={t('deleteAccount.passwordHint')} registration={register('password')}>
                <Input type="password" autoComplete="current-password" maxLength={textLimits.passwordBytes} />
              </Field>
              <div className="flex flex-wrap justify-end gap-3">
                <DialogClose asChild>
                  <Button variant="secondary" disabled={remove.isPending}>
                    {t('common:actions.cancel')}
                  </Button>
                </DialogClose>
                <Button type="submit" variant="danger" disabled={remove.isPending}>
                  {remove.isPending ? t('deleteAccount.deleting') : t('deleteAccount.confirm')}
                </Button>
              </div>
            </>
          )}
        </Form>
      </DialogContent>
    </Dialog>
  );
}
