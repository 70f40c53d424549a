import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useAuth } from '@/features/auth/api/use-auth';
import { connectionState, useTikTokConnection } from '@/features/tiktok/api/tiktok-connection';
import { showRefusal } from '@/lib/field-errors';
import { toastError } from '@/lib/notify';
import { textLimits } from '@/lib/text-limits';
import { profileRefusalFields, profileUpdateSchema, useUpdateProfile, type ProfileUpdateInput } from '../api/update-profile';

/** The number input's text as the schema takes it: a number, or null when left empty. */
const countOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/** Profile fields per account type (spec §2 Settings): follower count for creators, website and industry for brands. */
export function ProfileForm() {
  const { t } = useTranslation('settings');
  const { profile, user, userType } = useAuth();
  const update = useUpdateProfile();
  const connection = useTikTokConnection(user?.id);
  const verified = connectionState(connection.data ?? null).kind === 'connected' && connection.data?.verified_status === 'verified';
  const isBrand = userType === 'brand';
  const isCreator = userType === 'creator';
  // Only the fields of this account type are sent.
  const defaultValues: ProfileUpdateInput = {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    tiktok_username: profile?.tiktok_username ?? '',
    ...(isCreator ? { follower_count: profile?.follower_count ?? null } : {}),
    ...(isBrand ? { website: profile?.website ?? '', industry: profile?.industry ?? '', company_name: profile?.company_name ?? '' } : {}),
  };

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('profile.title')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(userType === 'admin' ? 'profile.descriptionAdmin' : 'profile.description')}</p>
        </div>
        {profile?.is_demo && <Badge tone="warning">{t('profile.demo')}</Badge>}
      </div>
      <Form
        schema={profileUpdateSchema}
        options={{ defaultValues }}
        className="mt-6 grid gap-5 sm:grid-cols-2"
        onSubmit={(values, { setError }) =>
          update.mutate(values, {
            onSuccess: () => toast.success(t('messages.updated')),
            // A refusal of a field under that field; the others as a toast.
            onError: (error) => void (showRefusal(error, profileRefusalFields, setError) || toastError(error)),
          })
        }
      >
        {({ register }) => (
          <>
            <Field label={isBrand ? t('profile.brandName') : t('profile.firstName')} registration={register('first_name')}>
              <Input autoComplete={isBrand ? 'organization' : 'given-name'} maxLength={textLimits.firstName} />
            </Field>
            <Field label={isBrand ? t('profile.contactName') : t('profile.lastName')} registration={register('last_name')}>
              <Input autoComplete={isBrand ? 'name' : 'family-name'} maxLength={textLimits.lastName} />
            </Field>
            <Field
              label={t('profile.tiktokUsername')}
              hint={t('profile.tiktokUsernameHint')}
              aside={
                verified && (
                  <Badge tone="success" title={t('integrations.verifiedHint')}>
                    {t('integrations.verified')}
                  </Badge>
                )
              }
              registration={register('tiktok_username')}
            >
              {/* The @ people type first is stripped by the database. */}
              <Input autoComplete="off" maxLength={textLimits.tiktokUsername + 1} />
            </Field>
            {isCreator && (
              <Field label={t('profile.followerCount')} registration={register('follower_count', { setValueAs: countOrNull })}>
                <Input type="number" min={0} step={1} inputMode="numeric" />
              </Field>
            )}
            {isBrand && (
              <>
                <Field label={t('profile.companyName')} registration={register('company_name')}>
                  <Input autoComplete="organization" maxLength={textLimits.companyName} />
                </Field>
                <Field label={t('profile.website')} registration={register('website')}>
                  <Input inputMode="url" autoComplete="url" placeholder="example.com" maxLength={textLimits.website} />
                </Field>
                <Field label={t('profile.industry')} registration={register('industry')}>
                  <Input maxLength={textLimits.industry} />
                </Field>
              </>
            )}
            <div className="sm:col-span-2">
              {/* Its Thai label ("บันทึกการเปลี่ยนแปลง") is wider than a phone at 200% text: it wraps there. */}
              <Button type="submit" disabled={update.isPending} className="whitespace-normal">
                {update.isPending ? t('profile.saving') : t('profile.save')}
              </Button>
            </div>
          </>
        )}
      </Form>
    </Card>
  );
}
