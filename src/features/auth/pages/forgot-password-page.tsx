import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard, textLink } from '../components/auth-card';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email });
  };

  const back = (
    <Link to="/login" className={textLink}>
      {t('forgot.back')}
    </Link>
  );

  if (request.isSuccess) {
    return (
      <AuthCard title={t('forgot.sentTitle')} footer={back}>
        <div role="status" className="flex items-start gap-3 text-slate-700 dark:text-slate-200">
          <MailCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <p>{t('forgot.sent', { email: email.trim() })}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={back}>
      <form className="space-y-5" onSubmit={submit} noValidate>
        <div>
          <Label htmlFor="email">{t('forgot.email')}</Label>
          <Input id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending ? t('forgot.submitting') : t('forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
