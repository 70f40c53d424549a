import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { showRefusal } from '@/lib/field-errors';
import { reasonRefusalCodes } from '../api/moderate-user';
import { videoModerationSchema, useModerateVideo } from '../api/moderate-video';
import { isExcluded, type AdminVideoRow } from '../api/list-videos';
import { ReasonField } from './user-edit-dialog';
import { useVideoTitle } from '@/lib/demo-texts';

/** Exclude a video from pay, or reinstate it: with a reason, which the creator and the brand read. */
export function VideoModerationDialog({ video, onClose }: { video: AdminVideoRow | undefined; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const videoTitle = useVideoTitle();
  const moderate = useModerateVideo();
  const exclude = !video || !isExcluded(video);
  return (
    <Dialog open={Boolean(video)} onOpenChange={(open) => !open && onClose()}>
      {video && (
        <DialogContent closeLabel={t('common:actions.close')}>
          <DialogTitle className="pr-8 text-lg font-semibold">{exclude ? t('content.excludeTitle') : t('content.reinstateTitle')}</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {videoTitle(video)} ·{' '}
            {exclude ? t('content.excludeText') : t('content.reinstateText', { note: video.excluded_note ?? '' })}
          </DialogDescription>
          <Form
            schema={videoModerationSchema}
            options={{ defaultValues: { reason: '' } }}
            className="mt-4 space-y-4"
            onSubmit={({ reason }, { setError }) =>
              moderate.mutate(
                { videoId: video.id, exclude, reason },
                {
                  onSuccess: () => {
                    toast.success(exclude ? t('content.excludedToast') : t('content.reinstatedToast'));
                    onClose();
                  },
                  // Under the reason, too (the query client's toast says it as well).
                  onError: (error) => showRefusal(error, { codes: reasonRefusalCodes, constraints: { tiktok_videos_excluded_note_check: 'reason' } }, setError),
                },
              )
            }
          >
            {({ register }) => (
              <>
                <ReasonField label={exclude ? t('content.excludeReason') : t('content.reinstateReason')} registration={register('reason')} />
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <DialogClose asChild>
                    <Button variant="secondary">{t('common:actions.cancel')}</Button>
                  </DialogClose>
                  <Button type="submit" variant={exclude ? 'danger' : 'primary'} disabled={moderate.isPending}>
                    {exclude ? (moderate.isPending ? t('content.excluding') : t('content.excludeSubmit')) : moderate.isPending ? t('content.reinstating') : t('content.reinstateSubmit')}
                  </Button>
                </div>
              </>
            )}
          </Form>
        </DialogContent>
      )}
    </Dialog>
  );
}
