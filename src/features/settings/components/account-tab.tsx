import { useTranslation } from 'react-i18next';
import { showRefusal } from '@/lib/field-errors';
import { toastError } from '@/lib/notify';
import { textLimits } from '@/lib/text-limits';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { changePasswordSchema, passwordRefusalFields, useChangePassword } from '@/features/auth/api/update-password';
import { useAuth } from '@/features/auth/api/use-auth';
import { formatDate } from '@/lib/format';
import { siteConfig } from '@/lib/site-config';
import { useLanguage } from '@/i18n/use-language';
import { PersonalDataCard } from './personal-data-card';

/**
 * E-mail (read-only), account type, password change (with the current password), the person's
 * data (download, delete the account), and for brands the TikTok API fields kept only in the form.
 */
export function AccountTab() {
  const { t } = useTranslation(['settings', 'auth']);
  const { user, profile, userType } = useAuth();
  const updatePassword = useChangePassword();
  const language = useLanguage();

  return (
    <div className="grid gap-6">
      <Card className="p-6">
        <h2 className="text-lg font-semibold">{t('account.title')}</h2>
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          <Field label={t('account.email')} hint={t('account.emailHint', { email: siteConfig.supportEmail })}>
            <Input type="email" readOnly value={user?.email ?? ''} />
          </Field>
          <div>
            <p className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">{t('account.type')}</p>
            <p className="flex min-h-11 items-center text-base font-semibold">{userType ? t(`account.typeLabels.${userType}`) : '—'}</p>
            {profile && <p className="text-xs text-slate-600 dark:text-slate-400">{t('account.memberSince', { date: formatDate(profile.created_at, language) })}</p>}
          </div>
        </div>
      </Card>

      <Card className="p-6">
        <h2 className="text-lg font-semibold">{t('account.passwordTitle')}</h2>
        <Form
          schema={changePasswordSchema}
          options={{ defaultValues: { current: '', password: '', confirm: '' } }}
          className="mt-6 grid gap-5 sm:grid-cols-2"
          onSubmit={(values, { reset, setError }) =>
            updatePassword.mutate(values, {
              onSuccess: () => {
                reset();
                toast.success(t('account.passwordChanged'));
              },
              // A wrong current password, a new one the auth server refuses: under that field; the others as a toast.
              onError: (error) => void (showRefusal(error, passwordRefusalFields, setError) || toastError(error)),
            })
          }
        >
          {({ register }) => (
            <>
              <Field label={t('account.currentPassword')} registration={register('current')}>
                <Input type="password" autoComplete="current-password" maxLength={textLimits.passwordBytes} />
              </Field>
              <div aria-hidden className="hidden sm:block" />
              <Field label={t('account.newPassword')} registration={register('password')}>
                <Input type="password" autoComplete="new-password" maxLength={textLimits.passwordBytes} />
              </Field>
              <Field label={t('account.confirmPassword')} registration={register('confirm')}>
                <Input type="password" autoComplete="new-password" maxLength={textLimits.passwordBytes} />
              </Field>
              <div className="sm:col-span-2">
                <Button type="submit" variant="secondary" disabled={updatePassword.isPending}>
                  {updatePassword.isPending ? t('account.changingPassword') : t('account.changePassword')}
                </Button>
              </div>
            </>
          )}
        </Form>
      </Card>

      {userType === 'brand' && (
        <Card className="p-6">
          <h2 className="text-lg font-semibold">{t('account.apiTitle')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('account.apiDescription')}</p>
          {/* Spec §2: brands may type a TikTok API key and secret; they stay in these inputs, never sent or saved. */}
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            <Field label={t('account.apiKey')}>
              <Input type="password" autoComplete="off" />
            </Field>
            <Field label={t('account.apiSecret')}>
              <Input type="password" autoComplete="off" />
            </Field>
          </div>
        </Card>
      )}

      <PersonalDataCard isBrand={userType === 'brand'} />
    </div>
  );
}
