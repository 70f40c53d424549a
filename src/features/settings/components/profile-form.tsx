import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/features/auth/api/use-auth';
import { useUpdateProfile } from '../api/update-profile';

/** Profile fields per account type (spec §2 Settings): follower count for creators, website and industry for brands. */
export function ProfileForm() {
  const { t } = useTranslation('settings');
  const { profile, userType } = useAuth();
  const update = useUpdateProfile();
  const isBrand = userType === 'brand';
  const isCreator = userType === 'creator';
  const [values, setValues] = useState(() => ({
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    tiktok_username: profile?.tiktok_username ?? '',
    follower_count: profile?.follower_count?.toString() ?? '',
    website: profile?.website ?? '',
    industry: profile?.industry ?? '',
    company_name: profile?.company_name ?? '',
  }));
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      first_name: values.first_name,
      last_name: values.last_name,
      tiktok_username: values.tiktok_username,
      ...(isCreator ? { follower_count: values.follower_count === '' ? null : Number(values.follower_count) } : {}),
      ...(isBrand ? { website: values.website, industry: values.industry, company_name: values.company_name } : {}),
    };
    update.mutate(input, {
      onSuccess: () => toast.success(t('messages.updated')),
    });
  };

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('profile.title')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('profile.description')}</p>
        </div>
        {profile?.is_demo && <Badge tone="warning">{t('profile.demo')}</Badge>}
      </div>
      <form className="mt-6 grid gap-5 sm:grid-cols-2" onSubmit={submit} noValidate>
        <Field label={isBrand ? t('profile.brandName') : t('profile.firstName')}>
          <Input autoComplete={isBrand ? 'organization' : 'given-name'} value={values.first_name} onChange={set('first_name')} />
        </Field>
        <Field label={isBrand ? t('profile.contactName') : t('profile.lastName')}>
          <Input autoComplete={isBrand ? 'name' : 'family-name'} value={values.last_name} onChange={set('last_name')} />
        </Field>
        <Field label={t('profile.tiktokUsername')} hint={t('profile.tiktokUsernameHint')}>
          <Input autoComplete="off" value={values.tiktok_username} onChange={set('tiktok_username')} />
        </Field>
        {isCreator && (
          <Field label={t('profile.followerCount')}>
            <Input type="number" min={0} step={1} inputMode="numeric" value={values.follower_count} onChange={set('follower_count')} />
          </Field>
        )}
        {isBrand && (
          <>
            <Field label={t('profile.companyName')}>
              <Input autoComplete="organization" value={values.company_name} onChange={set('company_name')} />
            </Field>
            <Field label={t('profile.website')}>
              <Input inputMode="url" autoComplete="url" placeholder="example.com" value={values.website} onChange={set('website')} />
            </Field>
            <Field label={t('profile.industry')}>
              <Input value={values.industry} onChange={set('industry')} />
            </Field>
          </>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
