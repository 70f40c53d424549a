import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AppError } from '@/lib/errors';
import { errorText } from '@/lib/notify';
import { signUpSchema, useSignUp } from '../api/sign-up';
import { useAuth } from '../api/use-auth';
import { AuthCard, textLink } from '../components/auth-card';
import { userTypes, type UserType } from '../api/redirects';

type Values = Record<string, string>;

const successKey: Record<UserType, string> = {
  creator: 'messages.creatorCreated',
  brand: 'messages.brandCreated',
  admin: 'messages.adminCreated',
};

type TextFieldProps = {
  name: string;
  label: string;
  values: Values;
  onChange: (name: string, value: string) => void;
  error?: { field: string; message: string } | null;
  hint?: string;
  optional?: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'url' | 'text';
  placeholder?: string;
  onElement?: (element: HTMLInputElement | null) => void;
};

/** One field of the form, showing its error when validation stopped on it. */
function TextField({ name, label, values, onChange, error, hint, optional, type = 'text', autoComplete, inputMode, placeholder, onElement }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} optional={optional} error={error?.field === name ? error.message : undefined}>
      <Input
        ref={onElement}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        value={values[name] ?? ''}
        onChange={(event) => onChange(name, event.target.value)}
      />
    </Field>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const signUp = useSignUp();
  const requested = params.get('type');
  const userType: UserType = userTypes.includes(requested as UserType) ? (requested as UserType) : 'creator';
  const [values, setValues] = useState<Values>({});
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());

  // Spec: a signed-in user visiting the sign-up form goes to /dashboard.
  if (!auth.loading && auth.session && !signUp.isPending) return <Navigate to="/dashboard" replace />;

  const onChange = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const refFor = (name: string) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(name, element);
    else inputs.current.delete(name);
  };
  const field = (name: string, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField name={name} label={label} values={values} onChange={onChange} error={error} onElement={refFor(name)} {...extra} />
  );
  const optional = t('register.optional');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, userType };
    const checked = signUpSchema.safeParse(input);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const message = t(issue.message as 'messages.registrationFailed');
      setError({ field: String(issue.path[0] ?? 'email'), message });
      inputs.current.get(String(issue.path[0] ?? 'email'))?.focus();
      toast.error(message);
      return;
    }
    setError(null);
    signUp.mutate(input as Parameters<typeof signUp.mutate>[0], {
      onSuccess: () => {
        toast.success(t(successKey[userType] as 'messages.creatorCreated'));
        // A creator invited by a brand lands on that brand's open opportunities after signing in.
        const invitedBy = params.get('brand');
        const next = userType === 'creator' && invitedBy && /^[0-9a-f-]{36}$/i.test(invitedBy) ? `/dashboard/opportunities?status=open&brand=${invitedBy}` : null;
        navigate(next ? `/login?from=${encodeURIComponent(next)}` : '/login', { replace: true });
      },
      onError: (failure) => {
        if (failure instanceof AppError && failure.code === 'admin_invite_invalid') setError({ field: 'inviteCode', message: errorText(failure) });
      },
    });
  };

  const fields: Record<UserType, ReactNode> = {
    creator: (
      <>
        <div className="grid gap-5 sm:grid-cols-2">
          {field('firstName', t('register.fields.firstName'), { autoComplete: 'given-name' })}
          {field('lastName', t('register.fields.lastName'), { autoComplete: 'family-name', optional })}
        </div>
        {field('tiktokUsername', t('register.fields.tiktokUsername'), { optional, hint: t('register.fields.tiktokUsernameHint'), autoComplete: 'off' })}
        {field('followerCount', t('register.fields.followerCount'), { optional, inputMode: 'numeric' })}
      </>
    ),
    brand: (
      <>
        <div className="grid gap-5 sm:grid-cols-2">
          {field('firstName', t('register.fields.brandName'), { autoComplete: 'organization' })}
          {field('lastName', t('register.fields.contactName'), { autoComplete: 'name', optional })}
        </div>
        {field('companyName', t('register.fields.companyName'), { optional })}
        <div className="grid gap-5 sm:grid-cols-2">
          {field('website', t('register.fields.website'), { optional, inputMode: 'url', placeholder: t('register.fields.websitePlaceholder'), autoComplete: 'url' })}
          {field('industry', t('register.fields.industry'), { optional, placeholder: t('register.fields.industryPlaceholder') })}
        </div>
      </>
    ),
    admin: (
      <>
        <div className="grid gap-5 sm:grid-cols-2">
          {field('firstName', t('register.fields.firstName'), { autoComplete: 'given-name', optional })}
          {field('lastName', t('register.fields.lastName'), { autoComplete: 'family-name', optional })}
        </div>
        {field('inviteCode', t('register.fields.inviteCode'), { hint: t('register.fields.inviteCodeHint'), autoComplete: 'off' })}
      </>
    ),
  };

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to="/login" className={textLink}>
            {t('register.login')}
          </Link>
        </>
      }
    >
      <Tabs
        value={userType}
        onValueChange={(next) => {
          setError(null);
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
            <form className="mt-6 space-y-5" onSubmit={submit} noValidate>
              {fields[type]}
              {field('email', t('register.fields.email'), { type: 'email', autoComplete: 'email', inputMode: 'email' })}
              {field('password', t('register.fields.password'), { type: 'password', autoComplete: 'new-password', hint: t('register.fields.passwordHint') })}
              <p className="text-xs text-slate-600 dark:text-slate-400">
                <Trans
                  t={t}
                  i18nKey="register.consent"
                  components={{ terms: <Link to="/terms" className={textLink} />, privacy: <Link to="/privacy" className={textLink} /> }}
                />
              </p>
              <Button type="submit" size="lg" className="w-full" disabled={signUp.isPending}>
                {signUp.isPending ? t('register.submitting') : t('register.submit')}
              </Button>
            </form>
          </TabsContent>
        ))}
      </Tabs>
    </AuthCard>
  );
}
