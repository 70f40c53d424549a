import { Smartphone } from 'lucide-react';
import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
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
import { showRefusal } from '@/lib/field-errors';
import { isMessageKey } from '@/lib/notify';
import { textLimits } from '@/lib/text-limits';
import { addVideoRefusalFields, useAddVideo } from '../api/add-video';
import { useVideoPreview, type VideoPreview } from '../api/preview-video';
import { addVideoFormSchema, type AddVideoFormInput, type AddVideoVariant } from '../api/add-video';
import { BrandPicker } from './brand-picker';
import { useDemoText } from '@/lib/demo-texts';

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

/**
 * The name follows the link (issue 15): TikTok's caption once the preview has it, the spec's
 * 'TikTok Video #' and 8 characters of the id until then (or when there is no caption). A name
 * the creator typed is left alone.
 */
function useNameFromLink(): VideoPreview | undefined {
  const { getValues, setValue } = useFormContext<AddVideoFormInput>();
  const url = useWatch<AddVideoFormInput, 'url'>({ name: 'url' });
  const preview = useVideoPreview(url);
  const parsed = url.trim() ? parseTikTokUrl(url) : null;
  const current = preview.isPlaceholderData ? undefined : preview.data;
  const title = current?.title ?? (parsed?.kind === 'video' ? defaultVideoTitle(parsed.id) : '');
  const filled = useRef('');
  useEffect(() => {
    const name = getValues('customTitle')?.trim() ?? '';
    if (name && name !== filled.current) return;
    filled.current = title;
    if (name !== title) setValue('customTitle', title, { shouldValidate: Boolean(title) });
  }, [title, getValues, setValue]);
  return current;
}

/**
 * The link field of every add form. A link that cannot be a video, and what the server said
 * of it, show under the field with an example of a valid link (the toast says it too).
 */
function UrlField({ label, placeholder, liveCheck, preview, className }: { label: string; placeholder: string; liveCheck: boolean; preview?: VideoPreview; className?: string }) {
  const { t } = useTranslation('videos');
  const { register } = useFormContext<AddVideoFormInput>();
  const { errors } = useFormState<AddVideoFormInput>({ name: 'url' });
  const url = useWatch<AddVideoFormInput, 'url'>({ name: 'url' });
  const brief = useWatch<AddVideoFormInput, 'brandBriefId'>({ name: 'brandBriefId' });
  const liveError = liveCheck && url.trim() && !parseTikTokUrl(url) ? t('messages.invalidUrlFormat') : undefined;
  const hint = liveError || errors.url ? t('messages.urlExample') : preview?.alreadyAdded ? t(brief ? 'messages.alreadyAddedLink' : 'messages.alreadyAdded') : undefined;
  return (
    <Field className={className} label={label} registration={register('url')} error={liveError} hint={hint}>
      <Input type="url" inputMode="url" placeholder={placeholder} maxLength={textLimits.videoUrl} />
    </Field>
  );
}

/** The creator dashboard's URL, name, brand and opportunity, with the live phone-frame preview (spec §2, §4). */
function DashboardFields({ children }: { children: ReactNode }) {
  const { t } = useTranslation('videos');
  const { user } = useAuth();
  const joined = useJoinedOpportunities(user?.id);
  const { register } = useFormContext<AddVideoFormInput>();
  // The brand is a searched choice, not a native control: the form holds its id.
  const brand = useController<AddVideoFormInput, 'brandId'>({ name: 'brandId' });
  // A schema message is a key; a refusal of the server comes translated already.
  const brandError = brand.fieldState.error?.message;
  const { t: translate } = useTranslation();
  const url = useWatch<AddVideoFormInput, 'url'>({ name: 'url' });
  const parsed = url.trim() ? parseTikTokUrl(url) : null;
  const preview = useNameFromLink();
  const hintId = useId();

  return (
    <div className={cn('mt-5 grid gap-6', parsed && 'md:grid-cols-[1fr_13rem]')}>
      <div className="space-y-4">
        {/* The preview's verdict, shown while typing: the button stays disabled meanwhile. */}
        <UrlField label={t('dashboardForm.url')} placeholder={t('dashboardForm.urlPlaceholder')} liveCheck preview={preview} />
        <Field label={t('dashboardForm.name')} registration={register('customTitle')}>
          <Input maxLength={textLimits.videoTitle} />
        </Field>
        {/* Neither field is optional on its own (spec §2: Add waits for one of them): the group says so. */}
        <fieldset aria-describedby={hintId} className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium sm:col-span-2">
            {t('dashboardForm.brandOrOpportunity')}
            <span className="font-normal text-slate-500 dark:text-slate-400"> ({t('dashboardForm.atLeastOne')})</span>
          </legend>
          <Field label={t('dashboardForm.brand')} error={brandError ? (isMessageKey(brandError) ? translate(brandError) : brandError) : undefined}>
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
            hint={(joined.data ?? []).length === 0 ? t('dashboardForm.noJoined') : undefined}
            registration={register('brandBriefId')}
          >
            <JoinedBriefSelect placeholder={t('dashboardForm.noOpportunity')} />
          </Field>
          <p id={hintId} className="text-xs text-slate-600 sm:col-span-2 dark:text-slate-400">
            {t('dashboardForm.hint')}
          </p>
        </fieldset>
        {children}
      </div>
      {/* The phone frame appears once there is a link to show: empty, it would push the page's lists down a screen. */}
      <div aria-label={t('dashboardForm.preview')} role="region" className={cn(parsed ? 'mx-auto w-full max-w-52' : 'order-first md:order-none')}>
        {parsed?.kind === 'video' ? (
          <div className="rounded-[2rem] border-[8px] border-slate-900 bg-slate-900 shadow-xl">
            <TikTokPlayer videoId={parsed.id} title={t('dashboardForm.preview')} className="rounded-[1.4rem]" />
          </div>
        ) : parsed ? (
          <div className="rounded-[2rem] border-[8px] border-slate-900 bg-slate-900 shadow-xl">
            <div className="flex aspect-[9/16] flex-col items-center justify-center gap-3 rounded-[1.4rem] bg-slate-800 p-4 text-center text-sm text-slate-300">
              <Smartphone aria-hidden className="size-8" />
              {t('dashboardForm.previewShort')}
            </div>
          </div>
        ) : (
          <p className="flex items-center gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <Smartphone aria-hidden className="size-4 shrink-0" />
            {t('dashboardForm.previewEmpty')}
          </p>
        )}
      </div>
    </div>
  );
}

/** The campaigns the creator joined, as "brand: title"; Field passes the registration and ids through. */
function JoinedBriefSelect({ placeholder, ...props }: ComponentProps<'select'> & { placeholder: string }) {
  const { user } = useAuth();
  const joined = useJoinedOpportunities(user?.id);
  const shown = useDemoText();
  return (
    <Select {...props}>
      <option value="">{placeholder}</option>
      {(joined.data ?? []).map((brief) => (
        <option key={brief.id} value={brief.id}>
          {brief.brand_name}: {shown(brief.title, brief.is_demo)}
        </option>
      ))}
    </Select>
  );
}

/** Spec §2's Add Video to Brand Campaign: URL, name and one of the opportunities the creator joined. */
function CampaignFields({ children, focusUrl }: { children: ReactNode; focusUrl: boolean }) {
  const { t } = useTranslation('videos');
  const { user } = useAuth();
  const joined = useJoinedOpportunities(user?.id);
  const { register, getValues, setValue, setFocus } = useFormContext<AddVideoFormInput>();
  const preview = useNameFromLink();
  // The campaign the form starts on is shown once the list of joined campaigns has it.
  useEffect(() => {
    if (joined.data) setValue('brandBriefId', getValues('brandBriefId'), { shouldValidate: Boolean(getValues('brandBriefId')) });
  }, [joined.data, getValues, setValue]);
  // Arrived from a campaign's "Add your video": the link is all that is left to give. After the
  // closing brief dialog has handed the focus back (Radix does it on the next task).
  useEffect(() => {
    if (!focusUrl) return;
    const timer = setTimeout(() => setFocus('url'));
    return () => clearTimeout(timer);
  }, [focusUrl, setFocus]);
  return (
    <>
      <UrlField label={t('campaignForm.url')} placeholder={t('addByUrl.placeholder')} liveCheck preview={preview} />
      <Field label={t('campaignForm.name')} registration={register('customTitle')}>
        <Input placeholder={t('campaignForm.namePlaceholder')} maxLength={textLimits.videoTitle} />
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
export function AddVideoForm({ variant, briefId }: { variant: AddVideoVariant; /** The campaign the form starts on (the next step after joining): the link field takes the focus. */ briefId?: string }) {
  const { t } = useTranslation('videos');
  const addVideo = useAddVideo();
  const text = texts[variant];

  return (
    <Card className={cn(variant === 'dashboard' && 'p-6')}>
      {variant === 'dashboard' && <h2 className="text-lg font-semibold">{t('dashboardForm.title')}</h2>}
      {variant === 'campaign' && <h2 className="text-lg font-semibold">{t('campaignForm.title')}</h2>}
      <Form
        schema={addVideoFormSchema}
        options={{ defaultValues: { variant, url: '', customTitle: '', brandId: '', brandBriefId: briefId ?? '' } }}
        className={cn(variant === 'paste' && 'flex flex-col gap-3 sm:flex-row sm:items-start', variant === 'campaign' && 'mt-4 space-y-4')}
        onSubmit={({ url, customTitle, brandId, brandBriefId }, { reset, setError }) => {
          const processing = toast.loading(t(text.processing));
          addVideo.mutate(
            { url, customTitle, brandId: brandId || null, brandBriefId: brandBriefId || null },
            {
              onSuccess: ({ isEstimated, linked }) => {
                // The campaign stays chosen for the next video.
                reset({ variant, url: '', customTitle: '', brandId: '', brandBriefId: variant === 'campaign' ? brandBriefId : '' });
                toast.success(t(linked ? 'messages.associated' : text.success), isEstimated ? { description: t('messages.estimatedAdded') } : undefined);
              },
              // Under the field it concerns (the query client's toast says it as well): the link,
              // the name, or the campaign; a failure that concerns none is the toast's alone.
              onError: (error) => showRefusal(error, addVideoRefusalFields({ brandBriefId }), setError),
              onSettled: () => toast.dismiss(processing),
            },
          );
        }}
      >
        {({ formState }) => {
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
          if (variant === 'campaign') return <CampaignFields focusUrl={Boolean(briefId)}>{button}</CampaignFields>;
          return (
            <>
              <UrlField className="flex-1" label={t('addByUrl.label')} placeholder={t('addByUrl.placeholder')} liveCheck={false} />
              {button}
            </>
          );
        }}
      </Form>
    </Card>
  );
}
