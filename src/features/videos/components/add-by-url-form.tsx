import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { mentionsTikTokDomain } from '@shared/tiktok/url';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAddVideo } from '../api/add-video';


/** My Videos' paste box (spec §5: logged in, URL required, TikTok's domain in it). */
export function AddByUrlForm() {
  const { t } = useTranslation(['videos', 'common']);
  const addVideo = useAddVideo();
  const [url, setUrl] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return void toast.error(t('messages.enterUrl'));
    if (!mentionsTikTokDomain(url)) return void toast.error(t('messages.validUrl'));
    const processing = toast.loading(t('messages.processingYour'));
    addVideo.mutate(
      { url },
      {
        onSuccess: ({ isEstimated }) => {
          setUrl('');
          toast.success(t('messages.added'), isEstimated ? { description: t('messages.estimatedAdded') } : undefined);
        },
        onSettled: () => toast.dismiss(processing),
      },
    );
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor="add-by-url">{t('addByUrl.label')}</Label>
          <Input id="add-by-url" type="url" inputMode="url" placeholder={t('addByUrl.placeholder')} value={url} onChange={(event) => setUrl(event.target.value)} />
        </div>
        <Button type="submit" disabled={addVideo.isPending}>
          {addVideo.isPending ? t('addByUrl.submitting') : t('addByUrl.submit')}
        </Button>
      </form>
    </Card>
  );
}
