import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LanguageSwitch } from '@/components/language-switch';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { messageKeyOf } from '@/lib/errors';
import { useSession } from '../api/get-session';
import { useSignIn } from '../api/sign-in';
import { useSignOut } from '../api/sign-out';

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { session } = useSession();
  const signIn = useSignIn();
  const signOut = useSignOut();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => toast.success(t('messages.loginSuccess')),
        onError: (error) => toast.error(t(messageKeyOf(error, 'auth:messages.loginFailed') as 'messages.loginFailed')),
      },
    );
  };

  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-6xl justify-end px-4 py-4">
        <LanguageSwitch />
      </header>
      <main className="mx-auto max-w-sm px-4 py-12">
        <h1 className="text-2xl font-bold">{t('login.title')}</h1>
        {session ? (
          <div className="mt-6 space-y-4">
            <p role="status">{t('login.signedInAs', { email: session.user.email })}</p>
            <Button
              variant="secondary"
              onClick={() =>
                signOut.mutate(undefined, {
                  onSuccess: () => toast.success(t('messages.signedOut')),
                  onError: () => toast.error(t('messages.signOutFailed')),
                })
              }
            >
              {t('login.signOut')}
            </Button>
          </div>
        ) : (
          <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
            <div>
              <Label htmlFor="email">{t('login.email')}</Label>
              <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
            </div>
            <div>
              <Label htmlFor="password">{t('login.password')}</Label>
              <Input
                id="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <Button type="submit" className="w-full" disabled={signIn.isPending}>
              {signIn.isPending ? t('login.submitting') : t('login.submit')}
            </Button>
          </form>
        )}
      </main>
    </div>
  );
}
