import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { paths } from '@/lib/paths';
import { passwordResetSchema, useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard, textLink } from '../components/auth-card';
import { textLimits } from '@/lib/text-limits';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();

  const back = (
    <Link to={paths.auth.login.getHref()} className={textLink}>
      {t('forgot.back')}
    </Link>
  );

  if (request.isSuccess) {
    return (
      <AuthCard title={t('forgot.sentTitle')} footer={back}>
        <div role="status" className="flex items-start gap-3 text-slate-700 dark:text-slate-200">
          <MailCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <p>{t('forgot.sent', { email: request.variables.email })}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={back}>
      <Form schema={passwordResetSchema} options={{ defaultValues: { email: '' } }} className="space-y-5" onSubmit={(values) => request.mutate(values)}>
        {({ register }) => (
          <>
            <Field label={t('forgot.email')} registration={register('email')}>
              <Input type="email" autoComplete="email" maxLength={textLimits.email} />
            </Field>
            <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
              {request.isPending ? t('forgot.submitting') : t('forgot.submit')}
            </Button>
          </>
        )}
      </Form>
    </AuthCard>
  );
}
