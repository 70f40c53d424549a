import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { showRefusal } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { initialUrlFragment, linkFromOtherBrowser } from '@/lib/supabase';
import { textLimits } from '@/lib/text-limits';
import { signOut } from '../api/sign-out';
import { newPasswordRefusalFields, newPasswordSchema, useUpdatePassword } from '../api/update-password';
import { useAuth } from '../api/use-auth';
import { AuthCard, textLink } from '../components/auth-card';

/**
 * Opened from the recovery e-mail: supabase-js has turned the link into a session, so
 * the person can set a new password, then signs in with it.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { loading, session } = useAuth();
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const linkError = initialUrlFragment().get('error_code');

  if (loading) {
    return (
      <AuthCard title={t('reset.title')}>
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-300">
          <Spinner /> {t('reset.checking')}
        </p>
      </AuthCard>
    );
  }

  if (!session || (linkError && !update.isPending)) {
    return (
      <AuthCard title={t('reset.invalidTitle')}>
        <p className="text-slate-700 dark:text-slate-200">{t(!linkError && linkFromOtherBrowser() ? 'messages.resetLinkOtherBrowser' : 'messages.resetLinkInvalid')}</p>
        <Link to={paths.auth.forgotPassword.getHref()} className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}>
          {t('reset.requestNew')}
        </Link>
        <p className="mt-4 text-center text-sm">
          <Link to={paths.auth.login.getHref()} className={textLink}>
            {t('forgot.back')}
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <Form
        schema={newPasswordSchema}
        options={{ defaultValues: { password: '', confirm: '' } }}
        className="space-y-5"
        onSubmit={(values, { setError }) =>
          update.mutate(values, {
            onSuccess: async () => {
              await signOut().catch(() => undefined);
              toast.success(t('messages.passwordUpdated'));
              navigate(paths.auth.login.getHref(), { replace: true });
            },
            // A new password the auth server refuses, under it too (the query client's toast says it as well).
            onError: (error) => showRefusal(error, newPasswordRefusalFields, setError),
          })
        }
      >
        {({ register }) => (
          <>
            <Field label={t('reset.password')} registration={register('password')}>
              <Input type="password" autoComplete="new-password" maxLength={textLimits.passwordBytes} />
            </Field>
            <Field label={t('reset.confirm')} registration={register('confirm')}>
              <Input type="password" autoComplete="new-password" maxLength={textLimits.passwordBytes} />
            </Field>
            <Button type="submit" size="lg" className="w-full" disabled={update.isPending}>
              {update.isPending ? t('reset.submitting') : t('reset.submit')}
            </Button>
          </>
        )}
      </Form>
    </AuthCard>
  );
}
