import { LogOut, Video } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import type { BriefListing } from '@/lib/database';
import { errorText } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useDemoText } from '@/lib/demo-texts';
import { useLeaveOpportunity } from '../api/leave-opportunity';

type ActedBrief = Pick<BriefListing, 'id' | 'title' | 'is_demo' | 'status' | 'budget_reached'>;

/** Where a creator adds a video to a brief they joined: My Videos' campaign form with the brief chosen. */
export const addVideoHref = (briefId: string) => paths.dashboard.videos.getHref({ tab: 'campaign', brief: briefId });

export type JoinState = { joined: boolean; pending: boolean; onJoin: () => void };

/**
 * A creator's actions on a brief, on its card and in its dialog: Join, and once joined the next
 * step (add a video, one tap away) and Leave. Join reads Joined when the brief is not open, and
 * is refused with the reason once its budget is reached.
 */
export function CreatorActions({ brief, join, idPrefix }: { brief: ActedBrief; join: JoinState; idPrefix: string }) {
  const { t } = useTranslation('opportunities');
  const title = useDemoText()(brief.title, brief.is_demo);
  const shownJoined = join.joined || brief.status !== 'open';
  // The database refuses the join anyway (budget_reached); the button says so first.
  const budgetBlocked = !shownJoined && brief.budget_reached === true;
  const reasonId = `${idPrefix}-${brief.id}-join-reason`;
  return (
    <>
      {budgetBlocked && (
        <p id={reasonId} className="w-full text-sm text-amber-800 dark:text-amber-200">
          {t('terms.joinBlocked')}
        </p>
      )}
      <Button
        size="sm"
        variant={shownJoined ? 'secondary' : 'primary'}
        disabled={shownJoined || budgetBlocked || join.pending}
        onClick={join.onJoin}
        aria-label={shownJoined ? undefined : `${t('card.join')}: ${title}`}
        aria-describedby={budgetBlocked ? reasonId : undefined}
      >
        {join.pending ? t('card.joining') : shownJoined ? t('card.joined') : t('card.join')}
      </Button>
      {join.joined && brief.status === 'open' && (
        <Link to={addVideoHref(brief.id)} className={buttonClasses({ size: 'sm' })} aria-label={`${t('next.addVideo')}: ${title}`}>
          <Video aria-hidden className="size-4" />
          {t('next.addVideo')}
        </Link>
      )}
      {join.joined && <LeaveButton brief={brief} />}
    </>
  );
}

/** Leave, after a confirmation; a refusal (a video of theirs is linked) is explained in the dialog. */
export function LeaveButton({ brief }: { brief: Pick<BriefListing, 'id' | 'title' | 'is_demo'> }) {
  const { t } = useTranslation(['opportunities', 'common']);
  const title = useDemoText()(brief.title, brief.is_demo);
  const [open, setOpen] = useState(false);
  const leave = useLeaveOpportunity();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) leave.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${t('leave.open')}: ${title}`}>
          <LogOut aria-hidden className="size-4" />
          {t('leave.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogTitle className="pr-8 text-lg font-semibold">{t('leave.title', { title })}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('leave.text')}</DialogDescription>
        {leave.isError && (
          <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
            {errorText(leave.error, 'leave_failed')}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{t('leave.cancel')}</Button>
          </DialogClose>
          <Button
            variant="danger"
            disabled={leave.isPending}
            onClick={() =>
              leave.mutate(
                { briefId: brief.id },
                {
                  onSuccess: () => {
                    toast.success(t('leave.done', { title }));
                    setOpen(false);
                  },
                },
              )
            }
          >
            {leave.isPending ? t('leave.leaving') : t('leave.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
