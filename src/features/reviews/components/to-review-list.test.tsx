import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VideoListing } from '@/lib/database';
import { brandUser, campaignVideo, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { ledgerRules, profileRow, restError } from '@/testing/supabase';
import { enter } from '@/testing/user';
import { ToReviewList } from './to-review-list';

type Queued = VideoListing & { queued_at: string };

const pending = (n: number, overrides: Partial<VideoListing> = {}): Queued => ({
  ...campaignVideo({
    id: `v0000000-0000-4000-8000-00000000000${n}`,
    video_id: `730000000000000000${n}`,
    title: `Video ${n}`,
    review_status: 'pending',
    counted_views: 0,
    pending_views: 1_000 * n,
    excluded_reason: 'pending_review',
    review_submitted_at: '2026-02-01T08:00:00Z',
    auto_approve_at: new Date(Date.now() + n * 3_600_000 - 60_000).toISOString(),
    ...overrides,
  }),
  queued_at: `2026-02-01T08:${String(n).padStart(2, '0')}:00Z`,
});

/**
 * The pending list (what the list asked for is kept; each batch after the row shown last, as
 * review_queue_page reads it), and review_video(), which records what it was sent.
 */
function brandWith(rows: Queued[], total = rows.length) {
  const asked: Record<string, unknown>[] = [];
  const sent: Record<string, unknown>[] = [];
  server.use(
    profileRow(profileOf(brandUser)),
    ledgerRules(),
    http.post(`${apiUrl}/rest/v1/rpc/review_queue_page`, async ({ request }) => {
      const body = (await request.json()) as { p_limit: number; p_after?: string };
      asked.push(body);
      const waiting = sent.length > 0 ? rows.slice(1) : rows;
      const count = sent.length > 0 ? total - 1 : total;
      const start = body.p_after ? waiting.findIndex((row) => row.id === body.p_after) + 1 : 0;
      return HttpResponse.json({ total: count, exact: true, has_previous: start > 0, has_next: start + body.p_limit < count, rows: waiting.slice(start, start + body.p_limit) });
    }),
    http.post(`${apiUrl}/rest/v1/rpc/review_video`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ ...rows[0], review_status: sent.at(-1)?.p_decision === 'approve' ? 'approved' : 'rejected' });
    }),
  );
  return { asked, sent };
}

const item = (name: string) => screen.findByRole('article', { name });

describe('ToReviewList', () => {
  it('lists the brand’s pending videos, oldest first, with creator, brief, eligibility and the time left', async () => {
    const { asked } = brandWith([pending(1), pending(2, { brief_title: null, brand_brief_id: null, is_pitch: true, excluded_reason: 'pitch' }), pending(3, { excluded_reason: 'posted_before_brief' })]);
    await renderPage(<ToReviewList brandId={brandUser.id} />, { user: brandUser });

    expect(await screen.findByRole('heading', { name: 'To review (3)' })).toBeInTheDocument();
    const first = await item('Video 1');
    expect(first).toHaveTextContent('by Nok · Skincare Product Review');
    expect(within(first).getByText('Eligible')).toBeInTheDocument();
    expect(first).toHaveTextContent('Approved automatically in 59 min');
    expect(await item('Video 2')).toHaveTextContent('by Nok · Pitch');
    const third = await item('Video 3');
    expect(within(third).getByText('Posted before the opportunity')).toHaveAttribute('title', 'Its views will not count, even if you approve it.');
    expect(third).toHaveTextContent('Approved automatically in 3 h');

    expect(asked[0]).toEqual({ p_limit: 10 });
  });

  it('shows each video as its picture with a play button, and plays it in a dialog large enough to watch (issue 33)', async () => {
    brandWith([pending(1, { thumbnail_url: 'https://example.test/thumbnail-1.jpg' })]);
    await renderPage(<ToReviewList brandId={brandUser.id} />, { user: brandUser });
    const first = await item('Video 1');
    // No player squeezed into the card: its picture, under a button named for the video.
    expect(within(first).queryByTitle('TikTok player: Video 1')).not.toBeInTheDocument();
    const play = within(first).getByRole('button', { name: 'Play Video 1' });
    expect(play.querySelector('img')).toHaveAttribute('src', 'https://example.test/thumbnail-1.jpg');

    await userEvent.click(play);
    const dialog = await screen.findByRole('dialog', { name: 'Video 1' });
    const player = within(dialog).getByTitle('TikTok player: Video 1');
    expect(player).toHaveAttribute('src', expect.stringContaining('/7300000000000000001?'));
    expect(player).toHaveAttribute('src', expect.stringContaining('autoplay=1'));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(play).toHaveFocus();
  });

  it('approves with review_video, says so, and reloads the list', async () => {
    const { sent } = brandWith([pending(1), pending(2)]);
    await renderPage(<ToReviewList brandId={brandUser.id} />, { user: brandUser });
    await userEvent.click(within(await item('Video 1')).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Video approved')).toBeInTheDocument();
    expect(sent).toEqual([{ p_video: pending(1).id, p_decision: 'approve' }]);
    expect(await screen.findByRole('heading', { name: 'To review (1)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Video 1' })).not.toBeInTheDocument());
  });

  it('rejects only with a reason, and sends the reason and note', async () => {
    const { sent } = brandWith([pending(1)]);
    await renderPage(<ToReviewList brandId={brandUser.id} />, { user: brandUser });
    await userEvent.click(within(await item('Video 1')).getByRole('button', { name: 'Reject' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reject “Video 1”' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject video' }));
    expect(await within(dialog).findByText('Choose why you reject this video')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(sent).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Missing ad disclosure');
    await enter(within(dialog).getByLabelText('Note'), '  Please add #ad  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject video' }));

    expect(await screen.findByText('Video rejected')).toBeInTheDocument();
    expect(sent).toEqual([{ p_video: pending(1).id, p_decision: 'reject', p_reason: 'missing_disclosure', p_note: 'Please add #ad' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
  });

  it('asks for a note when the reason is Other', async () => {
    const { sent } = brandWith([pending(1)]);
    await renderPage(<ToReviewList brandId={brandUser.id} />, { user: brandUser });
    await userEvent.click(within(await item('Video 1')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');

    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject video' }));
    expect(await within(dialog).findByText('Add a note that explains the reason')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await enter(within(dialog).getByLabelText('Note'), 'Wrong product shown');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject video' }));
    await waitFor(() => expect(sent).toEqual([{ p_video: pending(1).id, p_decision: 'reject', p_reason: 'other', p_note: 'Wrong product shown' }]));
  });

  it('translates the database’s refusal when the video was answered meanwhile', async () => {
    brandWith([pending(1)]);
    server.use(restError('post', 'rpc/review_video', 'review_closed', 409));
    await renderPage(<ToReviewList brandId={brandUser.id} />, { user: brandUser });
    await userEvent.click(within(await item('Video 1')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This video has already been reviewed')).toBeInTheDocument();
  });

  it('shows ten, then ten more on request', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => pending(i, { id: `v0000000-0000-4000-8000-0000000000${10 + i}`, title: `Video ${i}` }));
    const { asked } = brandWith(rows, 12);
    await renderPage(<ToReviewList brandId={brandUser.id} />, { user: brandUser });
    expect(await screen.findByRole('heading', { name: 'To review (12)' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Show more (2 left)' }));
    // The next ten after the tenth shown (keyset): its queued_at and id.
    await waitFor(() => expect(asked.at(-1)).toEqual({ p_limit: 10, p_after_at: rows[9].queued_at, p_after: rows[9].id }));
  });
});
