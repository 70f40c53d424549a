import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useAuth } from '@/features/auth/api/use-auth';
import { useJoinedOpportunities } from '@/features/opportunities/api/get-joined-opportunities';
import type { VideoListing } from '@/lib/database';
import { refusalField } from '@/lib/field-errors';
import { paths } from '@/lib/paths';
import { useLinkVideo } from '../api/link-video';
import { useDemoText, useVideoTitle } from '@/lib/demo-texts';

/** The database's refusals of a link (private.check_video_links), all about the campaign chosen. */
const linkRefusalFields = {
  codes: Object.fromEntries(
    (['opportunity_not_joined', 'opportunity_not_open', 'opportunity_not_found', 'budget_reached', 'video_rejected_by_brand', 'video_link_locked', 'posted_before_brief', 'posted_after_deadline', 'video_claimed'] as const).map((code) => [code, 'campaign' as const]),
  ),
};

/**
 * A creator's own video card: "Link to campaign" while it is in none (or the brand turned it
 * down there), "Change campaign" while its review is pending, with Remove link. A video the
 * brand approved stays with its campaign (the database refuses the change too), so it has no
 * button.
 */
export function LinkCampaignButton({ video }: { video: VideoListing }) {
  const { t } = useTranslation(['videos', 'common']);
  const videoTitle = useVideoTitle();
  const { user, userType } = useAuth();
  const [open, setOpen] = useState(false);
  if (userType !== 'creator' || video.user_id !== user?.id || video.review_status === 'approved') return null;
  const changing = video.review_status === 'pending';
  const title = videoTitle(video);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={changing ? 'secondary' : 'primary'} size="sm" aria-label={t(changing ? 'link.changeFor' : 'link.openFor', { title })}>
          <Link2 aria-hidden className="size-4" />
          {t(changing ? 'link.change' : 'link.open')}
        </Button>
      </DialogTrigger>
      {open && <LinkCampaignDialog video={video} changing={changing} onDone={() => setOpen(false)} />}
    </Dialog>
  );
}

function LinkCampaignDialog({ video, changing, onDone }: { video: VideoListing; changing: boolean; onDone: () => void }) {
  const { t } = useTranslation(['videos', 'common']);
  const shown = useDemoText();
  const { user } = useAuth();
  const joined = useJoinedOpportunities(user?.id);
  const link = useLinkVideo();
  const briefs = (joined.data ?? []).filter((brief) => brief.id !== video.brand_brief_id || changing);
  const [choice, setChoice] = useState(changing && video.brand_brief_id ? video.brand_brief_id : '');
  // A refusal of the campaign chosen is said under it too (the query client's toast says it as well).
  const refused = link.isError && link.variables?.brandBriefId === choice ? refusalField(link.error, linkRefusalFields) : undefined;
  const save = (brandBriefId: string | null) =>
    link.mutate(
      { videoId: video.video_id, brandBriefId },
      {
        onSuccess: () => {
          toast.success(t(brandBriefId ? 'messages.associated' : 'messages.unlinked'));
          onDone();
        },
      },
    );
  return (
    <DialogContent closeLabel={t('common:actions.close')}>
      <DialogTitle className="pr-8 text-lg font-semibold">{t('link.title')}</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('link.description')}</DialogDescription>
      {video.brand_id && (
        <p className="mt-3 text-sm font-medium">
          {video.brief_title ? t('link.current', { title: shown(video.brief_title, video.is_demo) }) : t('link.pitch', { brand: video.brand_name ?? '' })}
        </p>
      )}
      {!joined.isPending && briefs.length === 0 ? (
        <div className="mt-4 space-y-3">
          <p className="text-sm">{t('link.noneJoined')}</p>
          <Link to={paths.dashboard.opportunities.getHref({ status: 'open' })} className={buttonClasses({ size: 'sm' })}>
            {t('link.browse')}
          </Link>
        </div>
      ) : (
        <form
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (choice) save(choice);
          }}
        >
          <Field label={t('link.campaign')} error={refused?.message}>
            <Select value={choice} onChange={(event) => setChoice(event.target.value)} disabled={joined.isPending}>
              <option value="">{t('link.choose')}</option>
              {briefs.map((brief) => (
                <option key={brief.id} value={brief.id}>
                  {brief.brand_name}: {shown(brief.title, brief.is_demo)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!choice || link.isPending || (changing && choice === video.brand_brief_id)}>
              {link.isPending && link.variables?.brandBriefId ? t('link.saving') : t('link.save')}
            </Button>
            {changing && (
              <Button type="button" variant="secondary" disabled={link.isPending} onClick={() => save(null)}>
                {link.isPending && !link.variables?.brandBriefId ? t('link.removing') : t('link.remove')}
              </Button>
            )}
          </div>
        </form>
      )}
    </DialogContent>
  );
}
