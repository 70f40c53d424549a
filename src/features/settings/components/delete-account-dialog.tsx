import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { AppError } from '@/lib/errors';
import { toastError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { deleteAccountSchema, useDeleteMyAccount } from '../api/delete-my-account';

/**
 * Delete my account (PDPA): says what is erased and what tax law keeps, asks for the password
 * again, and on success leaves for the home page, signed out. Awaited rather than left to the
 * mutation's callbacks: the dashboard's guard unmounts this as soon as the session ends.
 */
export function DeleteAccountDialog({ isBrand }: { isBrand: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteMyAccount();
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
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
        <Form
          schema={deleteAccountSchema}
          options={{ defaultValues: { password: '' } }}
          className="mt-5 space-y-4"
          onSubmit={async (values, { setError }) => {
            try {
              await remove.mutateAsync(values);
            } catch (error) {
              if (error instanceof AppError && (error.code === 'password_incorrect' || error.code === 'too_many_attempts')) {
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
                <Input type="password" autoComplete="current-password" />
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
