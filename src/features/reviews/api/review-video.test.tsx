import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { metricsKeys } from '@/features/metrics/api/keys';
import { opportunityKeys } from '@/features/opportunities/api/keys';
import { ValidationError } from '@/lib/errors';
import { brandUser, profileOf } from '@/testing/data';
import { server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, rpc } from '@/testing/supabase';
import { rejectFormSchema, reviewVideo, useReviewVideo } from './review-video';

describe('rejectFormSchema', () => {
  it('needs a known reason, and a note with Other; trims the note', () => {
    expect(rejectFormSchema.safeParse({ reason: '', note: '' }).error?.issues[0].message).toBe('dashboard:brand.review.rejectForm.reasonRequired');
    expect(rejectFormSchema.safeParse({ reason: 'boring', note: '' }).error?.issues[0].message).toBe('dashboard:brand.review.rejectForm.reasonRequired');
    expect(rejectFormSchema.safeParse({ reason: 'other', note: '   ' }).error?.issues[0]).toMatchObject({ message: 'dashboard:brand.review.rejectForm.noteRequired', path: ['note'] });
    expect(rejectFormSchema.safeParse({ reason: 'quality', note: 'x'.repeat(1001) }).error?.issues[0].message).toBe('dashboard:brand.review.rejectForm.noteTooLong');
    expect(rejectFormSchema.parse({ reason: 'quality', note: '  blurry  ' })).toEqual({ reason: 'quality', note: 'blurry' });
  });

  it('is checked by the mutation too, before anything is sent', async () => {
    await expect(reviewVideo({ videoId: 'v1', decision: 'reject', reason: 'other', note: '' })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('useReviewVideo', () => {
  let client: QueryClient;
  function Reject() {
    client = useQueryClient();
    const review = useReviewVideo();
    return (
      <button type="button" onClick={() => review.mutate({ videoId: 'v1', decision: 'reject', reason: 'quality', note: '' })}>
        {review.isSuccess ? 'Rejected' : 'Reject'}
      </button>
    );
  }

  it("marks the brief's budget card and listings out of date after a rejection, not another brief's card", async () => {
    server.use(profileRow(profileOf(brandUser)), rpc('review_video', { id: 'v1', brand_id: brandUser.id, brand_brief_id: 'brief-1', review_status: 'rejected' }));
    await renderPage(<Reject />, { user: brandUser });
    const keys: Record<string, QueryKey> = {
      budget: opportunityKeys.budget('brief-1'),
      otherBudget: opportunityKeys.budget('brief-2'),
      listings: opportunityKeys.list({ status: 'open', limit: 3 }),
      listing: opportunityKeys.detail('brief-1'),
      figures: metricsKeys.brand(brandUser.id),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { seeded: true });
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByRole('button', { name: 'Rejected' });
    const outOfDate = () => Object.entries(keys).filter(([, key]) => client.getQueryState(key)?.isInvalidated).map(([name]) => name);
    await waitFor(() => expect(outOfDate().sort()).toEqual(['budget', 'figures', 'listing', 'listings']));
  });
});
