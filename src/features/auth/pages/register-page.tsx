import { useEffect, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { showRefusal } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { textLimits } from '@/lib/text-limits';
import { signUpRefusalFields, signUpSchema, useSignUp, type SignUpInput } from '../api/sign-up';
import { useAuth } from '../api/use-auth';
import { AuthCard, textLink } from '../components/auth-card';
import { isUserType, userTypes, type UserType } from '../api/redirects';

const successKey = {
  creator: 'messages.creatorCreated',
  brand: 'messages.brandCreated',
  admin: 'messages.adminCreated',
} as const satisfies Record<UserType, string>;

/** The fields of one account type; the tab's type travels with the form's values. */
function AccountFields({ userType }: { userType: UserType }) {
  const { t } = useTranslation('auth');
  const { register, setValue } = useFormContext<SignUpInput>();
  useEffect(() => setValue('userType', userType), [setValue, userType]);
  const optional = t('register.optional');

  const fields: Record<UserType, ReactNode> = {
    creator: (
      <>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('register.fields.firstName')} registration={register('firstName')}>
            <Input autoComplete="given-name" maxLength={textLimits.firstName} />
          </Field>
          <Field label={t('register.fields.lastName')} optional={optional} registration={register('lastName')}>
            <Input autoComplete="family-name" maxLength={textLimits.lastName} />
          </Field>
        </div>
        <Field label={t('register.fields.tiktokUsername')} optional={optional} hint={t('register.fields.tiktokUsernameHint')} registration={register('tiktokUsername')}>
          {/* The @ people type first is stripped by the database. */}
          <Input autoComplete="off" maxLength={textLimits.tiktokUsername + 1} />
        </Field>
        {/* Sent as typed: the sign-up trigger reads it as a whole number. */}
        <Field label={t('register.fields.followerCount')} optional={optional} registration={register('followerCount')}>
          <Input type="number" min={0} max={2147483647} step={1} inputMode="numeric" />
        </Field>
      </>
    ),
    brand: (
      <>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('register.fields.brandName')} registration={register('firstName')}>
            <Input autoComplete="organization" maxLength={textLimits.firstName} />
          </Field>
          <Field label={t('register.fields.contactName')} optional={optional} registration={register('lastName')}>
            <Input autoComplete="name" maxLength={textLimits.lastName} />
          </Field>
        </div>
        <Field label={t('register.fields.companyName')} optional={optional} registration={register('companyName')}>
          <Input maxLength={textLimits.companyName} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('register.fields.website')} optional={optional} registration={register('website')}>
            <Input inputMode="url" placeholder={t('register.fields.websitePlaceholder')} autoComplete="url" maxLength={textLimits.website} />
          </Field>
          <Field label={t('register.fields.industry')} optional={optional} registration={register('industry')}>
            <Input placeholder={t('register.fields.industryPlaceholder')} maxLength={textLimits.industry} />
          </Field>
        </div>
      </>
    ),
    admin: (
      <>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('register.fields.firstName')} optional={optional} registration={register('firstName')}>
            <Input autoComplete="given-name" maxLength={textLimits.firstName} />
          </Field>
          <Field label={t('register.fields.lastName')} optional={optional} registration={register('lastName')}>
            <Input autoComplete="family-name" maxLength={textLimits.lastName} />
          </Field>
        </div>
        <Field label={t('register.fields.inviteCode')} hint={t('register.fields.inviteCodeHint')} registration={register('inviteCode')}>
          <Input autoComplete="off" />
        </Field>
      </>
    ),
  };

  return (
    <>
      {fields[userType]}
      <Field label={t('register.fields.email')} registration={register('email')}>
        <Input type="email" autoComplete="email" inputMode="email" maxLength={textLimits.email} />
      </Field>
      <Field label={t('register.fields.password')} hint={t('register.fields.passwordHint')} registration={register('password')}>
        <Input type="password" autoComplete="new-password" maxLength={textLimits.passwordBytes} />
      </Field>
    </>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const signUp = useSignUp();
  const requested = params.get('type');
  const userType: UserType = isUserType(requested) ? requested : 'creator';

  // Spec: a signed-in user visiting the sign-up form goes to /dashboard.
  if (!auth.loading && auth.session && !signUp.isPending) return <Navigate to={paths.dashboard.root.getHref()} replace />;

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to={paths.auth.login.getHref()} className={textLink}>
            {t('register.login')}
          </Link>
        </>
      }
    >
      <Form
        schema={signUpSchema}
        options={{ defaultValues: { userType, email: '', password: '' } }}
        onSubmit={(input, { setError }) =>
          signUp.mutate(input, {
            onSuccess: () => {
              toast.success(t(successKey[input.userType]));
              // A creator invited by a brand lands on that brand's open opportunities after signing in.
              const invitedBy = params.get('brand');
              const invited = input.userType === 'creator' && invitedBy && /^[0-9a-f-]{36}$/i.test(invitedBy);
              const next = invited ? paths.dashboard.opportunities.getHref({ status: 'open', brand: invitedBy }) : null;
              navigate(paths.auth.login.getHref(next), { replace: true, state: { email: input.email } });
            },
            // Under the field it concerns too (the invite code, the e-mail, the TikTok username…); the query client's toast says it as well.
            onError: (failure) => showRefusal(failure, signUpRefusalFields, setError),
          })
        }
      >
        {({ clearErrors }) => (
          <Tabs
            value={userType}
            onValueChange={(next) => {
              clearErrors();
              const search = new URLSearchParams(params);
              search.set('type', next);
              setParams(search, { replace: true });
            }}
          >
            <TabsList aria-label={t('register.accountType')} className="w-full">
              {userTypes.map((type) => (
                <TabsTrigger key={type} value={type} className="flex-1">
                  {t(`register.types.${type}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            {userTypes.map((type) => (
              <TabsContent key={type} value={type} className="mt-4">
                <p className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800 dark:bg-brand-800/30 dark:text-brand-100">
                  {t(`register.descriptions.${type}`)}
                </p>
                <div className="mt-6 space-y-5">
                  <AccountFields userType={type} />
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    <Trans
                      t={t}
                      i18nKey="register.consent"
                      components={{ terms: <Link to={paths.terms.getHref()} className={textLink} />, privacy: <Link to={paths.privacy.getHref()} className={textLink} /> }}
                    />
                  </p>
                  <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
                    {signUp.isPending ? t('register.submitting') : t('register.submit')}
                  </Button>
                </div>
              </TabsContent>
            ))}
          </Tabs>
        )}
      </Form>
    </AuthCard>
  );
}
