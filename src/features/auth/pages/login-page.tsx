import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { profileQueryOptions } from '../api/get-profile';
import { useSignIn } from '../api/sign-in';
import { useAuth } from '../api/use-auth';
import { AuthCard, textLink } from '../components/auth-card';
import { homePathFor, isUserType, loginTarget, resolveUserType } from '../api/redirects';

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    signIn.mutate(
      { email, password },
      {
        onSuccess: async ({ user }) => {
          const profile = await queryClient.fetchQuery(profileQueryOptions(user.id)).catch(() => null);
          const userType = resolveUserType(profile?.user_type, user.user_metadata?.user_type);
          const target = loginTarget({
            isAdmin: userType === 'admin',
            from: params.get('from') ?? '/dashboard',
            hasProfileOrType: Boolean(profile) || isUserType(user.user_metadata?.user_type),
          });
          toast.success(t('messages.loginSuccess'));
          navigate(target, { replace: true });
        },
        onError: () => setFailed(true),
      },
    );
  };

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to="/register" className={textLink}>
            {t('login.register')}
          </Link>
        </>
      }
    >
      <form className="space-y-5" onSubmit={submit} noValidate>
        <div>
          <Label htmlFor="email">{t('login.email')}</Label>
          <Input id="email" type="email" autoComplete="email" aria-invalid={failed} value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div>
          <div className="flex items-baseline justify-between gap-4">
            <Label htmlFor="password">{t('login.password')}</Label>
            <Link to="/forgot-password" className={`${textLink} text-sm`}>
              {t('login.forgot')}
            </Link>
          </div>
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={failed}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
