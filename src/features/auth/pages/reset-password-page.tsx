import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { initialUrlFragment } from '@/lib/supabase';
import { signOut } from '../api/sign-out';
import { useUpdatePassword } from '../api/update-password';
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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
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
        <p className="text-slate-700 dark:text-slate-200">{t('messages.resetLinkInvalid')}</p>
        <Link to="/forgot-password" className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}>
          {t('reset.requestNew')}
        </Link>
        <p className="mt-4 text-center text-sm">
          <Link to="/login" className={textLink}>
            {t('forgot.back')}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { password, confirm },
      {
        onSuccess: async () => {
          await signOut().catch(() => undefined);
          toast.success(t('messages.passwordUpdated'));
          navigate('/login', { replace: true });
        },
      },
    );
  };

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form className="space-y-5" onSubmit={submit} noValidate>
        <div>
          <Label htmlFor="new-password">{t('reset.password')}</Label>
          <Input id="new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="confirm-password">{t('reset.confirm')}</Label>
          <Input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={update.isPending}>
          {update.isPending ? t('reset.submitting') : t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
