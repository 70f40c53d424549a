import { Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { defaultVideoTitle, parseTikTokUrl } from '@shared/tiktok/url';
import { TikTokPlayer } from '@/components/tiktok-player';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useAuth } from '@/features/auth/api/use-auth';
import { useBrands } from '@/features/opportunities/api/get-brands';
import { useJoinedOpportunities } from '@/features/opportunities/api/get-joined-opportunities';
import { useAddVideo } from '@/features/videos/api/add-video';


/** The creator dashboard's Add TikTok Video form with its live phone-frame preview (spec §2, §4, §5). */
export function AddTikTokVideoForm() {
  const { t } = useTranslation(['dashboard', 'videos']);
  const { user } = useAuth();
  const brands = useBrands();
  const joined = useJoinedOpportunities(user?.id);
  const addVideo = useAddVideo();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [brandId, setBrandId] = useState('');
  const [briefId, setBriefId] = useState('');

  const parsed = url.trim() ? parseTikTokUrl(url) : null;
  const invalid = Boolean(url.trim()) && !parsed;
  const ready = Boolean(url.trim() && name.trim() && (brandId || briefId) && parsed);

  const onUrl = (value: string) => {
    setUrl(value);
    const next = value.trim() ? parseTikTokUrl(value) : null;
    // Spec §4: an empty name is filled with 'TikTok Video #' and the first 8 characters of the id.
    if (next?.kind === 'video' && !name.trim()) setName(defaultVideoTitle(next.id));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim() || !name.trim()) return void toast.error(t('videos:messages.fillUrlAndName'));
    if (!brandId && !briefId) return void toast.error(t('videos:messages.selectBrandOrOpportunity'));
    if (!parsed) return void toast.error(t('videos:messages.invalidUrlFormat'));
    const processing = toast.loading(t('videos:messages.processing'));
    addVideo.mutate(
      { url, customTitle: name, brandId: brandId || null, brandBriefId: briefId || null },
      {
        onSuccess: ({ isEstimated }) => {
          setUrl('');
          setName('');
          setBrandId('');
          setBriefId('');
          toast.success(t('videos:messages.added'), isEstimated ? { description: t('videos:messages.estimatedAdded') } : undefined);
        },
        onSettled: () => toast.dismiss(processing),
      },
    );
  };

  const optional = t('creator.addForm.optional');
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('creator.addForm.title')}</h2>
      <div className="mt-5 grid gap-6 md:grid-cols-[1fr_13rem]">
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field label={t('creator.addForm.url')} error={invalid ? t('videos:messages.invalidUrlFormat') : undefined}>
            <Input type="url" inputMode="url" placeholder={t('creator.addForm.urlPlaceholder')} value={url} onChange={(event) => onUrl(event.target.value)} />
          </Field>
          <Field label={t('creator.addForm.name')}>
            <Input value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('creator.addForm.brand')} optional={optional}>
              <Select value={brandId} onChange={(event) => setBrandId(event.target.value)}>
                <option value="">{t('creator.addForm.noBrand')}</option>
                {(brands.data ?? []).map((brand) => (
                  <option key={brand.id} value={brand.id}>
                    {brand.first_name ?? '—'}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('creator.addForm.opportunity')} optional={optional} hint={(joined.data ?? []).length === 0 ? t('creator.addForm.noJoined') : undefined}>
              <Select value={briefId} onChange={(event) => setBriefId(event.target.value)}>
                <option value="">{t('creator.addForm.noOpportunity')}</option>
                {(joined.data ?? []).map((brief) => (
                  <option key={brief.id} value={brief.id}>
                    {brief.brand_name}: {brief.title}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">{t('creator.addForm.hint')}</p>
          <Button type="submit" disabled={!ready || addVideo.isPending}>
            {addVideo.isPending ? t('creator.addForm.submitting') : t('creator.addForm.submit')}
          </Button>
        </form>
        <div aria-label={t('creator.addForm.preview')} role="region" className="mx-auto w-full max-w-52">
          <div className="rounded-[2rem] border-[8px] border-slate-900 bg-slate-900 shadow-xl">
            {parsed?.kind === 'video' ? (
              <TikTokPlayer videoId={parsed.id} title={t('creator.addForm.preview')} className="rounded-[1.4rem]" />
            ) : (
              <div className="flex aspect-[9/16] flex-col items-center justify-center gap-3 rounded-[1.4rem] bg-slate-800 p-4 text-center text-sm text-slate-300">
                <Smartphone aria-hidden className="size-8" />
                {parsed?.kind === 'short' ? t('creator.addForm.previewShort') : t('creator.addForm.previewEmpty')}
              </div>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
