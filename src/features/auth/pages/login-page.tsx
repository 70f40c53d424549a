import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { profileQueryOptions } from '../api/get-profile';
import { signInSchema, useSignIn } from '../api/sign-in';
import { useAuth } from '../api/use-auth';
import { AuthCard, textLink } from '../components/auth-card';
import { homePathFor, isUserType, loginTarget, resolveUserType } from '../api/redirects';
import { textLimits } from '@/lib/text-limits';

const emailFrom = (state: unknown) =>
  typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  // After a sign-up, the e-mail just used (in the history state, never the address): only the password is left,
  // and the person is greeted as new rather than welcomed back.
  const signedUpEmail = emailFrom(useLocation().state);
  const justSignedUp = signedUpEmail !== '';

  // Signed in already (and not in the middle of signing in here): go to your dashboard.
  if (!signIn.isPending && !signIn.isSuccess) {
    if (auth.loading) {
      return (
        <div role="status" className="flex justify-center py-24">
          <Spinner className="size-8" />
          <span className="sr-only">{t('common:loading')}</span>
        </div>
      );
    }
    if (auth.session) return <Navigate to={homePathFor(auth.userType)} replace />;
  }

  return (
    <AuthCard
      title={justSignedUp ? t('login.newTitle') : t('login.title')}
      subtitle={justSignedUp ? t('login.newSubtitle') : t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to={paths.auth.register.getHref()} className={textLink}>
            {t('login.register')}
          </Link>
        </>
      }
    >
      <Form
        schema={signInSchema}
        options={{ defaultValues: { email: signedUpEmail, password: '' } }}
        className="space-y-5"
        onSubmit={(credentials, { setError }) =>
          signIn.mutate(credentials, {
            onSuccess: async ({ user }) => {
              const profile = await queryClient.fetchQuery(profileQueryOptions(user.id)).catch(() => null);
              const userType = resolveUserType(profile?.user_type, user.user_metadata?.user_type);
              const target = loginTarget({
                isAdmin: userType === 'admin',
                from: params.get('from') ?? paths.dashboard.root.getHref(),
                hasProfileOrType: Boolean(profile) || isUserType(user.user_metadata?.user_type),
              });
              toast.success(t('messages.loginSuccess'));
              navigate(target, { replace: true });
            },
            // The toast says why; both fields are marked, as either may be wrong.
            onError: () => {
              setError('email', { type: 'server' });
              setError('password', { type: 'server' });
            },
          })
        }
      >
        {({ register }) => (
          <>
            <Field label={t('login.email')} registration={register('email')}>
              <Input type="email" autoComplete="email" maxLength={textLimits.email} />
            </Field>
            <Field
              label={t('login.password')}
              registration={register('password')}
              aside={
                <Link to={paths.auth.forgotPassword.getHref()} className={`${textLink} text-sm`}>
                  {t('login.forgot')}
                </Link>
              }
            >
              <Input type="password" autoComplete="current-password" maxLength={textLimits.passwordBytes} />
            </Field>
            <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
              {signIn.isPending ? t('login.submitting') : t('login.submit')}
            </Button>
          </>
        )}
      </Form>
    </AuthCard>
  );
}
