import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useUpdatePassword } from '@/features/auth/api/update-password';
import { useAuth } from '@/features/auth/api/use-auth';
import { formatDate } from '@/lib/format';
import { siteConfig } from '@/lib/site-config';
import { useLanguage } from '@/i18n/use-language';

/** E-mail (read-only), account type, password change, and for brands the TikTok API fields kept only in the form. */
export function AccountTab() {
  const { t } = useTranslation(['settings', 'auth']);
  const { user, profile, userType } = useAuth();
  const updatePassword = useUpdatePassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // Spec §2: brands may type a TikTok API key and secret; they live in this state only.
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const language = useLanguage();

  const changePassword = (event: FormEvent) => {
    event.preventDefault();
    updatePassword.mutate(
      { password, confirm },
      {
        onSuccess: () => {
          setPassword('');
          setConfirm('');
          toast.success(t('account.passwordChanged'));
        },
      },
    );
  };

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
        <form className="mt-6 grid gap-5 sm:grid-cols-2" onSubmit={changePassword} noValidate>
          <Field label={t('account.newPassword')}>
            <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Field label={t('account.confirmPassword')}>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" disabled={updatePassword.isPending}>
              {updatePassword.isPending ? t('account.changingPassword') : t('account.changePassword')}
            </Button>
          </div>
        </form>
      </Card>

      {userType === 'brand' && (
        <Card className="p-6">
          <h2 className="text-lg font-semibold">{t('account.apiTitle')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('account.apiDescription')}</p>
          <div className="mt-6 grid gap-5 sm:grid-cols-2">
            <Field label={t('account.apiKey')}>
              <Input type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
            </Field>
            <Field label={t('account.apiSecret')}>
              <Input type="password" autoComplete="off" value={apiSecret} onChange={(e) => setApiSecret(e.target.value)} />
            </Field>
          </div>
        </Card>
      )}
    </div>
  );
}
