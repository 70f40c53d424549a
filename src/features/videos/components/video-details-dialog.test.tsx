import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { campaignVideo, creatorUser, profileOf, snapshot } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { ledgerRules, profileRow } from '@/testing/supabase';
import { VideoDetailsButton } from './video-details-button';

const history = [
  snapshot({ id: 1, measured_at: '2026-02-01T08:00:00Z', view_count: 1_000, source: 'display_api' }),
  snapshot({ id: 2, measured_at: '2026-02-10T08:00:00Z', view_count: 12_300, source: 'page' }),
  snapshot({ id: 3, measured_at: '2026-03-05T08:00:00Z', available: false, view_count: null, like_count: null, comment_count: null, share_count: null, source: 'page' }),
];

/** The video's snapshots (what was asked is kept) and the counting rules. */
function answers(snapshots = history) {
  const asked: URLSearchParams[] = [];
  server.use(
    profileRow(profileOf(creatorUser)),
    ledgerRules(),
    http.get(`${apiUrl}/rest/v1/video_snapshots`, ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(snapshots);
    }),
  );
  return asked;
}

const open = async (name = 'Details: Morning routine') => {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Morning routine' });
};

describe('VideoDetailsDialog', () => {
  it('lists every measurement with its time and source, newest first, and says which one counts', async () => {
    const asked = answers();
    await renderPage(<VideoDetailsButton video={campaignVideo({ frozen: true })} />, { user: creatorUser });
    const dialog = await open();

    const table = await within(dialog).findByRole('table', { name: 'Measurements' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      [formatDateTime('2026-03-05T08:00:00Z', 'en'), 'Gone or private', 'TikTok page'],
      [formatDateTime('2026-02-10T08:00:00Z', 'en'), '12,300', 'TikTok page'],
      [formatDateTime('2026-02-01T08:00:00Z', 'en'), '1,000', 'TikTok API'],
    ]);
    // The chart draws the two measurements that found the video.
    expect(within(dialog).getByRole('img', { name: /^2 measurements, from 1\.0K views on .* to 12\.3K views on / })).toBeInTheDocument();

    expect(within(dialog).getByRole('region', { name: 'The rule that applied' })).toHaveTextContent(
      `Counts: 12,300 views measured on ${formatDateTime('2026-02-10T08:00:00Z', 'en')} inside the counting window.`,
    );
    expect(within(dialog).getByText(`The counting window ended on ${formatDateTime('2026-03-02T08:00:00Z', 'en')}: these counts no longer change.`)).toBeInTheDocument();
    expect(within(dialog).getByText('Frozen')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Brand review' })).toHaveTextContent(`Sent for review on ${formatDateTime('2026-02-01T08:00:00Z', 'en')}: approved.`);

    expect(asked[0].get('tiktok_video_id')).toBe(`eq.${campaignVideo().id}`);
    expect(asked[0].get('order')).toBe('measured_at.asc,id.asc');
  });

  it('explains a pending review with the auto-approval delay from ledger_rules, and an open window with its length', async () => {
    answers([snapshot()]);
    const video = campaignVideo({
      review_status: 'pending',
      counted_views: 0,
      pending_views: 1_000,
      excluded_reason: 'pending_review',
      auto_approve_at: '2026-02-04T08:00:00Z',
    });
    await renderPage(<VideoDetailsButton video={video} />, { user: creatorUser });
    const dialog = await open();

    const rule = within(dialog).getByRole('region', { name: 'The rule that applied' });
    expect(await within(rule).findByText('Not counted yet: 1,000 views count once the brand approves the video, or automatically 72 hours after it was sent.')).toBeInTheDocument();
    expect(rule).toHaveTextContent(`Views count for 30 days after posting, until ${formatDateTime('2026-03-02T08:00:00Z', 'en')}.`);
    expect(within(dialog).getByRole('region', { name: 'Brand review' })).toHaveTextContent(
      `Approved automatically on ${formatDateTime('2026-02-04T08:00:00Z', 'en')} unless the brand answers first.`,
    );
    expect(await within(dialog).findByRole('table', { name: 'Measurements' })).toBeInTheDocument();
  });

  it('shows a rejection with its reason and note, and the rule that excluded the views', async () => {
    answers([]);
    const video = campaignVideo({ review_status: 'rejected', review_reason: 'other', review_note: 'Wrong product', counted_views: 0, excluded_reason: 'rejected' });
    await renderPage(<VideoDetailsButton video={video} />, { user: creatorUser });
    const dialog = await open();

    const review = within(dialog).getByRole('region', { name: 'Brand review' });
    expect(review).toHaveTextContent('Rejected: Other');
    expect(review).toHaveTextContent('Note from the brand: Wrong product');
    expect(within(dialog).getByText('Not counted: the brand rejected the video.')).toBeInTheDocument();
    expect(await within(dialog).findByText('No measurements yet.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Details: Morning routine' })).toHaveFocus();
  });

  it('speaks Thai, with Buddhist years', async () => {
    answers();
    await renderPage(<VideoDetailsButton video={campaignVideo()} />, { user: creatorUser, language: 'th' });
    await userEvent.click(await screen.findByRole('button', { name: 'รายละเอียด: Morning routine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Morning routine' });
    const table = await within(dialog).findByRole('table', { name: 'ข้อมูลการวัดยอด' });
    expect(within(table).getByText(formatDateTime('2026-02-10T08:00:00Z', 'th'))).toBeInTheDocument();
    expect(formatDateTime('2026-02-10T08:00:00Z', 'th')).toContain('2569');
    expect(within(table).getAllByText('หน้าเว็บ TikTok')).toHaveLength(2);
  });

  it('says when the measurements cannot be loaded', async () => {
    server.use(
      profileRow(profileOf(creatorUser)),
      ledgerRules(),
      http.get(`${apiUrl}/rest/v1/video_snapshots`, () => HttpResponse.json({ code: 'XX000', message: 'down' }, { status: 500 })),
    );
    await renderPage(<VideoDetailsButton video={campaignVideo()} />, { user: creatorUser });
    const dialog = await open();
    expect(await within(dialog).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent("Failed to load the video's measurements");
  });
});
