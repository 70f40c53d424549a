import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { metricsKeys } from '@/features/metrics/api/keys';
import { briefSpendKeys } from '@/features/opportunities/api/keys';
import { videoKeys } from '@/features/videos/api/keys';
import type { LedgerRow, ReviewReason } from '@/lib/database';
import { AppError, parseOrThrow, toAppError } from '@/lib/errors';
import type { RefusalFields } from '@/lib/field-errors';
import { supabase } from '@/lib/supabase';
import { textLimits } from '@/lib/text-limits';
import { reviewKeys } from './keys';

export const reviewReasons = ['off_brief', 'missing_disclosure', 'brand_safety', 'quality', 'other'] as const satisfies readonly ReviewReason[];

/** A note's longest length (video_reviews.note's check). */
export const maxNoteLength = textLimits.reviewNote;

/**
 * The Reject form's shape: a reason from the list, and a note, required when the reason
 * is "other". The database checks the same (review_reason_required, review_note_required).
 */
export const rejectFormSchema = z
  .object({
    reason: z.string().pipe(z.enum(reviewReasons, { error: 'dashboard:brand.review.rejectForm.reasonRequired' })),
    note: z.string().trim().max(maxNoteLength, 'dashboard:brand.review.rejectForm.noteTooLong'),
  })
  .superRefine(({ reason, note }, ctx) => {
    if (reason === 'other' && !note) ctx.addIssue({ code: 'custom', message: 'dashboard:brand.review.rejectForm.noteRequired', path: ['note'] });
  });

export type RejectFormInput = z.input<typeof rejectFormSchema>;

/** review_video()'s refusals of a rejection, under the Reject form's field they concern (issue 33). */
export const rejectRefusalFields: RefusalFields<keyof RejectFormInput> = {
  codes: { review_reason_required: 'reason', review_reason_invalid: 'reason', review_note_required: 'note', review_note_too_long: 'note' },
  constraints: { video_reviews_note_check: 'note' },
};

export type ReviewInput = { videoId: string } & ({ decision: 'approve' } | ({ decision: 'reject' } & z.output<typeof rejectFormSchema>));

/** review_video(): the brand approves or rejects a video sent to it; answers the video's ledger row. */
export async function reviewVideo(input: ReviewInput): Promise<LedgerRow> {
  // The form's own check, for a caller that skipped the form; the database says the same.
  const rejection = input.decision === 'reject' ? parseOrThrow(rejectFormSchema.safeParse({ reason: input.reason, note: input.note })) : undefined;
  const { data, error } = await supabase().rpc('review_video', {
    p_video: input.videoId,
    p_decision: input.decision,
    ...(rejection ? { p_reason: rejection.reason, ...(rejection.note ? { p_note: rejection.note } : {}) } : {}),
  });
  if (error) throw toAppError(error, 'review_failed');
  if (!data) throw new AppError('review_failed');
  return data;
}

/**
 * A decision changes the to-review list, the brand's video lists and its figures, and what the
 * brief spent (a rejection frees the views it held for review; an approval counts them): its
 * budget card and its listings.
 */
export function useReviewVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewVideo,
    onSuccess: (row) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      void queryClient.invalidateQueries({ queryKey: metricsKeys.brand(row.brand_id ?? undefined) });
      if (row.brand_brief_id) for (const queryKey of briefSpendKeys(row.brand_brief_id)) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => {
      // Answered meanwhile (approved automatically, or from another tab): the list is out of date.
      if (error instanceof AppError && error.code === 'review_closed') {
        void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
        void queryClient.invalidateQueries({ queryKey: videoKeys.all });
      }
    },
  });
}
