import { ChartLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import type { VideoListing } from '@/lib/database';
import { errorText } from '@/lib/notify';
import { LinkCampaignButton } from './link-campaign-button';
import { useVideoTitle } from '@/lib/demo-texts';

const loadDialog = () => import('./video-details-dialog');

/** When the dialog's code cannot be fetched (offline, a new deployment): say so, in a dialog that closes. */
function DetailsUnavailable() {
  const { t } = useTranslation();
  return (
    <DialogContent closeLabel={t('actions.close')} aria-describedby={undefined}>
      <DialogTitle className="pr-8 text-lg font-semibold">{t('video.details')}</DialogTitle>
      <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
        {errorText(undefined, 'snapshots_load_failed')}
      </p>
    </DialogContent>
  );
}

// The dialog brings recharts: it is fetched when a reader points at a Details button, never with the page.
const VideoDetailsDialogContent = lazy(() =>
  loadDialog()
    .then((module) => ({ default: module.VideoDetailsDialogContent }))
    .catch(() => ({ default: DetailsUnavailable })),
);

/** A card's Details button: opens the video's measurements, review and counting rule. */
export function VideoDetailsButton({ video }: { video: VideoListing }) {
  const { t } = useTranslation();
  const videoTitle = useVideoTitle();
  const [open, setOpen] = useState(false);
  const title = videoTitle(video);
  const preload = () => void loadDialog();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={t('video.detailsFor', { title })} onPointerEnter={preload} onFocus={preload}>
          <ChartLine aria-hidden className="size-4" />
          {t('video.details')}
        </Button>
      </DialogTrigger>
      {open && (
        <Suspense
          fallback={
            <span role="status" className="inline-flex items-center">
              <Spinner className="size-4" />
              <span className="sr-only">{t('loading')}</span>
            </span>
          }
        >
          <VideoDetailsDialogContent video={video} />
        </Suspense>
      )}
    </Dialog>
  );
}

/** A video card's actions: Details, and on the creator's own videos the campaign link. */
export function VideoActions({ video }: { video: VideoListing }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <LinkCampaignButton video={video} />
      <VideoDetailsButton video={video} />
    </div>
  );
}
