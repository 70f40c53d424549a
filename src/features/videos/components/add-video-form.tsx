import { Smartphone } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { defaultVideoTitle, parseTikTokUrl } from '@shared/tiktok/url';
import { TikTokPlayer } from '@/components/tiktok-player';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAuth } from '@/features/auth/api/use-auth';
import { useJoinedOpportunities } from '@/features/opportunities/api/get-joined-opportunities';
import { cn } from '@/lib/cn';
import { isMessageKey } from '@/lib/notify';
import { useAddVideo } from '../api/add-video';
import { addVideoFormSchema, type AddVideoFormInput, type AddVideoVariant } from '../api/add-video';
import { BrandPicker } from './brand-picker';

/** Each place's own words (spec §2, §8); everything else is shared. */
const texts = {
  dashboard: {
    submit: 'dashboardForm.submit',
    submitting: 'dashboardForm.submitting',
    processing: 'messages.processing',
    success: 'messages.added',
  },
  paste: {
    submit: 'addByUrl.submit',
    submitting: 'addByUrl.submitting',
    processing: 'messages.processingYour',
    success: 'messages.added',
  },
  campaign: {
    submit: 'campaignForm.submit',
    submitting: 'campaignForm.submitting',
    processing: 'messages.processingYour',
    success: 'messages.associated',
  },
} as const;

/** The creator dashboard's URL, name, brand and opportunity, with the live phone-frame preview (spec §2, §4). */
function DashboardFields({ children }: { children: ReactNode }) {
  const { t } = useTranslation('videos');
  const { user } = useAuth();
  const joined = useJoinedOpportunities(user?.id);
  const { register, getValues, setValue } = useFormContext<AddVideoFormInput>();
  // The brand is a searched choice, not a native control: the form holds its id.
  const brand = useController<AddVideoFormInput, 'brandId'>({ name: 'brandId' });
  const brandError = brand.fieldState.error?.message;
  const { t: translate } = useTranslation();
  const url = useWatch<AddVideoFormInput, 'url'>({ name: 'url' });
  const parsed = url.trim() ? parseTikTokUrl(url) : null;
  const optional = t('dashboardForm.optional');
  const urlField = register('url', {
    // Spec §4: an empty name is filled with 'TikTok Video #' and the first 8 characters of the id.
    onChange: (event: { target: { value: string } }) => {
      const next = parseTikTokUrl(event.target.value);
      if (next?.kind === 'video' && !getValues('customTitle')?.trim()) setValue('customTitle', defaultVideoTitle(next.id), { shouldValidate: true });
    },
  });

  return (
    <div className="mt-5 grid gap-6 md:grid-cols-[1fr_13rem]">
      <div className="space-y-4">
        {/* The preview's verdict, shown while typing: the button stays disabled meanwhile. */}
        <Field label={t('dashboardForm.url')} registration={urlField} error={url.trim() && !parsed ? t('messages.invalidUrlFormat') : undefined}>
          <Input type="url" inputMode="url" placeholder={t('dashboardForm.urlPlaceholder')} />
        </Field>
        <Field label={t('dashboardForm.name')} registration={register('customTitle')}>
          <Input />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('dashboardForm.brand')} optional={optional} error={brandError && isMessageKey(brandError) ? translate(brandError) : undefined}>
            <BrandPicker
              listLabel={t('dashboardForm.brand')}
              value={brand.field.value ?? ''}
              onChange={brand.field.onChange}
              onBlur={brand.field.onBlur}
              inputRef={brand.field.ref}
            />
          </Field>
          <Field
            label={t('dashboardForm.opportunity')}
            optional={optional}
            hint={(joined.data ?? []).length === 0 ? t('dashboardForm.noJoined') : undefined}
            registration={register('brandBriefId')}
          >
            <JoinedBriefSelect placeholder={t('dashboardForm.noOpportunity')} />
          </Field>
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('dashboardForm.hint')}</p>
        {children}
      </div>
      <div aria-label={t('dashboardForm.preview')} role="region" className="mx-auto w-full max-w-52">
        <div className="rounded-[2rem] border-[8px] border-slate-900 bg-slate-900 shadow-xl">
          {parsed?.kind === 'video' ? (
            <TikTokPlayer videoId={parsed.id} title={t('dashboardForm.preview')} className="rounded-[1.4rem]" />
          ) : (
            <div className="flex aspect-[9/16] flex-col items-center justify-center gap-3 rounded-[1.4rem] bg-slate-800 p-4 text-center text-sm text-slate-300">
              <Smartphone aria-hidden className="size-8" />
              {parsed?.kind === 'short' ? t('dashboardForm.previewShort') : t('dashboardForm.previewEmpty')}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** The campaigns the creator joined, as "brand: title"; Field passes the registration and ids through. */
function JoinedBriefSelect({ placeholder, ...props }: ComponentProps<'select'> & { placeholder: string }) {
  const { user } = useAuth();
  const joined = useJoinedOpportunities(user?.id);
  return (
    <Select {...props}>
      <option value="">{placeholder}</option>
      {(joined.data ?? []).map((brief) => (
        <option key={brief.id} value={brief.id}>
          {brief.brand_name}: {brief.title}
        </option>
      ))}
    </Select>
  );
}

/** Spec §2's Add Video to Brand Campaign: URL, name and one of the opportunities the creator joined. */
function CampaignFields({ children }: { children: ReactNode }) {
  const { t } = useTranslation('videos');
  const { register } = useFormContext<AddVideoFormInput>();
  return (
    <>
      <Field label={t('campaignForm.url')} registration={register('url')}>
        <Input type="url" inputMode="url" placeholder={t('addByUrl.placeholder')} />
      </Field>
      <Field label={t('campaignForm.name')} registration={register('customTitle')}>
        <Input placeholder={t('campaignForm.namePlaceholder')} />
      </Field>
      <Field label={t('campaignForm.campaign')} registration={register('brandBriefId')}>
        <JoinedBriefSelect placeholder={t('campaignForm.campaignPlaceholder')} />
      </Field>
      {children}
    </>
  );
}

/**
 * Adding a TikTok video, wherever it happens: the creator dashboard, My Videos' paste box
 * and the Brand Campaign tab share one schema, one busy state and one toast path (a
 * processing toast, then success; failures are the query client's one error toast).
 */
export function AddVideoForm({ variant }: { variant: AddVideoVariant }) {
  const { t } = useTranslation('videos');
  const addVideo = useAddVideo();
  const text = texts[variant];

  return (
    <Card className={cn(variant === 'dashboard' && 'p-6')}>
      {variant === 'dashboard' && <h2 className="text-lg font-semibold">{t('dashboardForm.title')}</h2>}
      {variant === 'campaign' && <h2 className="text-lg font-semibold">{t('campaignForm.title')}</h2>}
      <Form
        schema={addVideoFormSchema}
        options={{ defaultValues: { variant, url: '', customTitle: '', brandId: '', brandBriefId: '' } }}
        className={cn(variant === 'paste' && 'flex flex-col gap-3 sm:flex-row sm:items-start', variant === 'campaign' && 'mt-4 space-y-4')}
        onSubmit={({ url, customTitle, brandId, brandBriefId }, { reset }) => {
          const processing = toast.loading(t(text.processing));
          addVideo.mutate(
            { url, customTitle, brandId: brandId || null, brandBriefId: brandBriefId || null },
            {
              onSuccess: ({ isEstimated }) => {
                reset();
                toast.success(t(text.success), isEstimated ? { description: t('messages.estimatedAdded') } : undefined);
              },
              onSettled: () => toast.dismiss(processing),
            },
          );
        }}
      >
        {({ register, formState }) => {
          // Spec §2: the dashboard and campaign buttons wait for a complete form; the paste box says what is missing.
          const button = (
            <Button
              type="submit"
              className={cn(variant === 'campaign' && 'w-full', variant === 'paste' && 'sm:mt-6.5')}
              disabled={addVideo.isPending || (variant !== 'paste' && !formState.isValid)}
            >
              {addVideo.isPending ? t(text.submitting) : t(text.submit)}
            </Button>
          );
          if (variant === 'dashboard') return <DashboardFields>{button}</DashboardFields>;
          if (variant === 'campaign') return <CampaignFields>{button}</CampaignFields>;
          return (
            <>
              <Field className="flex-1" label={t('addByUrl.label')} registration={register('url')}>
                <Input type="url" inputMode="url" placeholder={t('addByUrl.placeholder')} />
              </Field>
              {button}
            </>
          );
        }}
      </Form>
    </Card>
  );
}
