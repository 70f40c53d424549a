import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { BriefListing } from '@/lib/database-types';
import { useAddVideo } from '../api/add-video';


/** Spec §2: Add Video to Brand Campaign — URL, name and campaign, all three required. */
export function CampaignVideoForm({ campaigns }: { campaigns: BriefListing[] }) {
  const { t } = useTranslation(['videos', 'common']);
  const addVideo = useAddVideo();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [campaign, setCampaign] = useState('');
  const complete = Boolean(url.trim() && name.trim() && campaign);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return void toast.error(t('messages.fillAll'));
    const processing = toast.loading(t('messages.processingYour'));
    addVideo.mutate(
      { url, customTitle: name, brandBriefId: campaign },
      {
        onSuccess: ({ isEstimated }) => {
          setUrl('');
          setName('');
          setCampaign('');
          toast.success(t('messages.associated'), isEstimated ? { description: t('messages.estimatedAdded') } : undefined);
        },
        onSettled: () => toast.dismiss(processing),
      },
    );
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('campaignForm.title')}</h2>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <Field label={t('campaignForm.url')}>
          <Input type="url" inputMode="url" placeholder={t('addByUrl.placeholder')} value={url} onChange={(event) => setUrl(event.target.value)} />
        </Field>
        <Field label={t('campaignForm.name')}>
          <Input placeholder={t('campaignForm.namePlaceholder')} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field label={t('campaignForm.campaign')}>
          <Select value={campaign} onChange={(event) => setCampaign(event.target.value)}>
            <option value="">{t('campaignForm.campaignPlaceholder')}</option>
            {campaigns.map((brief) => (
              <option key={brief.id} value={brief.id}>
                {brief.brand_name}: {brief.title}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" className="w-full" disabled={!complete || addVideo.isPending}>
          {addVideo.isPending ? t('campaignForm.submitting') : t('campaignForm.submit')}
        </Button>
      </form>
    </Card>
  );
}
