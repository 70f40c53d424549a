import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { campaignVideo, video } from '@/testing/data';
import { renderPage } from '@/testing/render';
import type { VideoListing } from '@/lib/database';
import { VideoCard } from './video-card';

const renderCard = (listing: VideoListing, language: 'en' | 'th' = 'en') => renderPage(<VideoCard video={listing} details={<button type="button">Details</button>} />, { language });

describe('VideoCard', () => {
  it('shows counted views beside the total for an approved campaign video', async () => {
    await renderCard(campaignVideo({ view_count: 3_400, counted_views: 1_250 }));
    const card = await screen.findByRole('article');
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(card).toHaveTextContent('1.2K counted of 3.4K');
    expect(card).not.toHaveTextContent('Not counted');
    expect(screen.getByRole('button', { name: 'Details' })).toBeInTheDocument();
  });

  it('names the campaign (for a brand) or the brand (for the creator) in a chip whose text can end in “…”, the whole name in its hint (issue 33)', async () => {
    const campaign = 'Rainy season skincare routine for oily skin, filmed at home with natural light';
    const { unmount } = await renderPage(<VideoCard video={campaignVideo({ brief_title: campaign })} showCreator />);
    const chip = await screen.findByTitle(campaign);
    // The badge is a flex box, which draws no "…": the text inside it is what is cut.
    expect(chip.firstElementChild).toHaveTextContent(campaign);
    expect(chip.firstElementChild).toHaveClass('truncate');
    unmount();

    await renderCard(campaignVideo());
    const brand = await screen.findByTitle('For GlowLab Skincare');
    expect(brand.firstElementChild).toHaveTextContent('For GlowLab Skincare');
    expect(brand.firstElementChild).toHaveClass('truncate');
  });

  it('marks a video awaiting review as pending, with the views an approval would count, and no not-counted badge', async () => {
    await renderCard(campaignVideo({ review_status: 'pending', counted_views: 0, pending_views: 3_400, view_count: 3_400, excluded_reason: 'pending_review' }));
    const card = await screen.findByRole('article');
    expect(screen.getByText('Pending review')).toBeInTheDocument();
    expect(card).toHaveTextContent('0 counted of 3.4K · 3.4K awaiting review');
    expect(card).not.toHaveTextContent('Not counted');
  });

  it('names the reason of a rejection, with the brand’s note as its hint', async () => {
    await renderCard(campaignVideo({ review_status: 'rejected', review_reason: 'missing_disclosure', review_note: 'Add #ad', counted_views: 0, excluded_reason: 'rejected' }));
    expect(await screen.findByText('Rejected: Missing ad disclosure')).toHaveAttribute('title', 'Add #ad');
    expect(screen.getByRole('article')).toHaveTextContent('0 counted of 12.3K');
  });

  it('says why the views do not count when a rule keeps them out', async () => {
    await renderCard(campaignVideo({ counted_views: 0, excluded_reason: 'posted_before_brief' }));
    expect(await screen.findByText('Not counted: Posted before the opportunity')).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
  });

  it('says a video outside any campaign does not count, without a counted line', async () => {
    await renderCard(video());
    expect(await screen.findByText('Not counted: Not in a campaign')).toBeInTheDocument();
    expect(screen.getByRole('article')).not.toHaveTextContent('counted of');
  });

  it('keeps the pitch badge for a pitch instead of a second not-counted badge', async () => {
    await renderCard(campaignVideo({ brand_brief_id: null, brief_title: null, is_pitch: true, review_status: 'pending', counted_views: 0, excluded_reason: 'pitch' }));
    expect(await screen.findByText('Pitch, not counted')).toBeInTheDocument();
    expect(screen.getByText('Pending review')).toBeInTheDocument();
    expect(screen.getByRole('article')).not.toHaveTextContent('Not counted:');
  });

  it('marks a frozen window and a video gone from TikTok, each with its explanation', async () => {
    await renderCard(campaignVideo({ frozen: true, availability: 'unavailable' }));
    expect(await screen.findByText('Frozen')).toHaveAttribute('title', 'The counting window is over: these counts no longer change.');
    expect(screen.getByText('Unavailable')).toHaveAttribute('title', 'The video is gone or private on TikTok. Views measured while it was live still count.');
  });

  it('keeps the estimated, sandbox and demo labels', async () => {
    await renderCard(video({ is_estimated: true, metrics_source: 'sandbox', is_demo: true, excluded_reason: 'estimated' }));
    expect(await screen.findByText('Estimated')).toBeInTheDocument();
    expect(screen.getByText('TikTok sandbox')).toBeInTheDocument();
    expect(screen.getByText('Demo data')).toBeInTheDocument();
    expect(screen.getByText('Not counted: Not measured yet')).toBeInTheDocument();
  });

  it('shows the creator what their campaign video earned, by the money rule, with how it is worked out', async () => {
    await renderCard(campaignVideo({ earned_satang: 6_150 }));
    const earned = await screen.findByText(/^Earned ฿61\.50/);
    expect(earned).toHaveAttribute('title', "Counted views × the campaign's rate per 1,000; paid at the monthly close.");
  });

  it('shows ฿0.00 earned for a campaign video that counts nothing yet, in Thai too', async () => {
    await renderCard(campaignVideo({ earned_satang: 0, counted_views: 0 }), 'th');
    expect(await screen.findByText(/^รายได้ ฿0\.00/)).toBeInTheDocument();
  });

  it('shows no earnings for a video outside a campaign, nor to a brand', async () => {
    await renderCard(video());
    await screen.findByRole('article');
    expect(screen.queryByText(/^Earned/)).not.toBeInTheDocument();
    await renderPage(<VideoCard video={campaignVideo()} showCreator />);
    expect(screen.queryByText(/^Earned/)).not.toBeInTheDocument();
  });

  it('keeps its actions in a row that wraps, beside Open on TikTok', async () => {
    await renderPage(<VideoCard video={campaignVideo()} details={<><button type="button">Details</button><button type="button">Link to campaign</button></>} />);
    const open = await screen.findByRole('link', { name: 'Open on TikTok' });
    const row = open.parentElement!;
    expect(row).toHaveClass('flex-wrap');
    expect(within(row).getByRole('button', { name: 'Link to campaign' })).toBeInTheDocument();
    expect(open).toHaveClass('min-h-11');
  });

  it('speaks Thai, with the Buddhist year', async () => {
    await renderCard(campaignVideo({ review_status: 'rejected', review_reason: 'off_brief', counted_views: 0, excluded_reason: 'rejected', view_count: 3_400 }), 'th');
    expect(await screen.findByText('ไม่อนุมัติ: ไม่ตรงบรีฟ')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('นับแล้ว 0 จาก 3.4K');
    // The card's date is when the video was posted.
    expect(screen.getByText('31 ม.ค. 2569')).toBeInTheDocument();
  });
});
