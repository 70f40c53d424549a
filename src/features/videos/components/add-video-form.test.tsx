import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { brief, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet, rpc } from '@/testing/supabase';
import { enter } from '@/testing/user';
import { AddVideoForm } from './add-video-form';

const videoUrl = 'https://www.tiktok.com/@nok/video/7300000000000000001';
const scraper = `${apiUrl}/functions/v1/tiktok-scraper`;

/** The tiktok-scraper function, answering once the test lets it; it keeps what it was sent. */
function scraperAnswering(answer: Record<string, unknown>) {
  const sent: Record<string, unknown>[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(scraper, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      await gate;
      return HttpResponse.json(answer);
    }),
  );
  return { sent, release };
}

const signedInCreator = () => server.use(profileRow(profileOf(creatorUser)), restGet('tiktok_videos', []));

describe('AddVideoForm, My Videos paste box', () => {
  it('asks for a URL, then for one naming TikTok, before calling the server', async () => {
    await renderPage(<AddVideoForm variant="paste" />);
    const add = await screen.findByRole('button', { name: 'Add Video' });
    await userEvent.click(add);
    expect(await screen.findByText('Please enter a TikTok video URL')).toBeInTheDocument();
    expect(screen.getByLabelText('TikTok video URL')).toHaveFocus();
    expect(screen.getByLabelText('TikTok video URL')).toHaveAttribute('aria-invalid', 'true');

    await enter(screen.getByLabelText('TikTok video URL'), 'https://example.com/video/1');
    await userEvent.click(add);
    expect(await screen.findByText('Please enter a valid TikTok URL')).toBeInTheDocument();
    expect(screen.queryByText('Please enter a TikTok video URL')).not.toBeInTheDocument();
  });

  it('shows its busy label and the processing toast, then the success toast, and empties the box', async () => {
    signedInCreator();
    const scraperCall = scraperAnswering({ success: true, isEstimated: false, source: 'display_api' });
    await renderPage(<AddVideoForm variant="paste" />, { user: creatorUser });
    await enter(await screen.findByLabelText('TikTok video URL'), videoUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Add Video' }));

    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(await screen.findByText('Processing your video...')).toBeInTheDocument();
    scraperCall.release();
    expect(await screen.findByText('Video added successfully!')).toBeInTheDocument();
    expect(screen.getByLabelText('TikTok video URL')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Add Video' })).toBeEnabled();
    expect(scraperCall.sent).toEqual([expect.objectContaining({ url: videoUrl, userId: creatorUser.id, brandId: null, brandBriefId: null })]);
  });

  it('says once when the video was added before, and sends nothing to TikTok', async () => {
    server.use(profileRow(profileOf(creatorUser)), restGet('tiktok_videos', [{ id: 'v1' }]));
    await renderPage(<AddVideoForm variant="paste" />, { user: creatorUser });
    await enter(await screen.findByLabelText('TikTok video URL'), videoUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Add Video' }));
    expect(await screen.findAllByText('This video has already been added to your collection')).toHaveLength(1);
    expect(screen.getByLabelText('TikTok video URL')).toHaveValue(videoUrl);
  });

  it('translates the code the function refuses the video with', async () => {
    signedInCreator();
    server.use(http.post(scraper, () => HttpResponse.json({ code: 'video_unavailable', error: 'Video unavailable' }, { status: 404 })));
    await renderPage(<AddVideoForm variant="paste" />, { user: creatorUser });
    await enter(await screen.findByLabelText('TikTok video URL'), videoUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Add Video' }));
    expect(await screen.findByText('This TikTok video is unavailable: it may be private or deleted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Video' })).toBeEnabled();
  });
});

describe('AddVideoForm, creator dashboard', () => {
  const glowLabId = 'a1000000-0000-4000-8000-000000000002';
  const withBrandsAndJoined = () =>
    server.use(
      rpc('search_brands', [{ id: glowLabId, name: 'GlowLab Skincare' }]),
      restGet('creator_brand_connections', [{ brand_brief_id: brief().id }]),
      restGet('brief_listings', [brief()]),
    );

  it('keeps Add Video disabled until URL, name and a brand or opportunity are there, and names a bad URL at once', async () => {
    signedInCreator();
    withBrandsAndJoined();
    await renderPage(<AddVideoForm variant="dashboard" />, { user: creatorUser });
    const add = await screen.findByRole('button', { name: 'Add Video' });
    expect(add).toBeDisabled();

    await enter(screen.getByLabelText('TikTok video URL'), 'https://www.tiktok.com/@someone/video/12345');
    expect(await screen.findByText('Invalid TikTok URL format')).toBeInTheDocument();
    expect(add).toBeDisabled();

    await userEvent.clear(screen.getByLabelText('TikTok video URL'));
    await enter(screen.getByLabelText('TikTok video URL'), videoUrl);
    expect(screen.queryByText('Invalid TikTok URL format')).not.toBeInTheDocument();
    // Spec §4: the name is filled in from the video id.
    expect(screen.getByLabelText('Video Name')).toHaveValue('TikTok Video #73000000');
    expect(add).toBeDisabled();
    expect(await screen.findByRole('option', { name: 'GlowLab Skincare: Skincare Product Review' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Brand (optional)'));
    await userEvent.click(await screen.findByRole('option', { name: 'GlowLab Skincare' }));
    await waitFor(() => expect(add).toBeEnabled());
  });

  it('sends the brand chosen in the search, and empties the choice once the video is added', async () => {
    signedInCreator();
    withBrandsAndJoined();
    const scraperCall = scraperAnswering({ success: true, isEstimated: false, source: 'display_api' });
    await renderPage(<AddVideoForm variant="dashboard" />, { user: creatorUser });
    await enter(await screen.findByLabelText('TikTok video URL'), videoUrl);
    const brand = screen.getByLabelText('Brand (optional)');
    brand.focus();
    await userEvent.keyboard('glow');
    expect(await screen.findByRole('option', { name: 'GlowLab Skincare' })).toBeInTheDocument();
    // Enter chooses the brand; it does not submit the form.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(brand).toHaveValue('GlowLab Skincare');
    expect(scraperCall.sent).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Video' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Add Video' }));

    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeDisabled();
    scraperCall.release();
    expect(await screen.findByText('Video added successfully!')).toBeInTheDocument();
    expect(scraperCall.sent).toEqual([expect.objectContaining({ url: videoUrl, brandId: glowLabId, brandBriefId: null })]);
    await waitFor(() => expect(brand).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Add Video' })).toBeDisabled();
  });

  it('sends the brand and the name, says Processing video..., then Video added successfully!', async () => {
    signedInCreator();
    withBrandsAndJoined();
    const scraperCall = scraperAnswering({ success: true, isEstimated: true, source: 'estimate' });
    await renderPage(<AddVideoForm variant="dashboard" />, { user: creatorUser });
    await enter(await screen.findByLabelText('TikTok video URL'), videoUrl);
    await userEvent.clear(screen.getByLabelText('Video Name'));
    await enter(screen.getByLabelText('Video Name'), 'Serum week one');
    await userEvent.selectOptions(await screen.findByLabelText('Brand Opportunity (optional)'), 'GlowLab Skincare: Skincare Product Review');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Video' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Add Video' }));

    expect(await screen.findByText('Processing video...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    scraperCall.release();
    expect(await screen.findByText('Video added successfully!')).toBeInTheDocument();
    expect(await screen.findByText("TikTok's counts could not be read, so this video shows an estimate for now.")).toBeInTheDocument();
    expect(scraperCall.sent).toEqual([expect.objectContaining({ customTitle: 'Serum week one', brandId: null, brandBriefId: brief().id })]);
    expect(screen.getByLabelText('Video Name')).toHaveValue('');
  });
});

describe('AddVideoForm, Brand Campaign tab', () => {
  it('needs URL, name and campaign, then associates the video with the campaign', async () => {
    signedInCreator();
    server.use(restGet('creator_brand_connections', [{ brand_brief_id: brief().id }]), restGet('brief_listings', [brief()]));
    const scraperCall = scraperAnswering({ success: true, isEstimated: false, source: 'display_api' });
    await renderPage(<AddVideoForm variant="campaign" />, { user: creatorUser });
    const form = (await screen.findByRole('heading', { name: 'Add Video to Brand Campaign' })).parentElement!;
    const submit = within(form).getByRole('button', { name: 'Add to Campaign' });
    expect(submit).toBeDisabled();
    await enter(screen.getByLabelText('TikTok Video URL'), videoUrl);
    await enter(screen.getByLabelText('Video Name'), 'Serum week one');
    expect(submit).toBeDisabled();
    await userEvent.selectOptions(await screen.findByLabelText('Brand Campaign'), 'GlowLab Skincare: Skincare Product Review');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);

    expect(await screen.findByRole('button', { name: 'Adding...' })).toBeDisabled();
    scraperCall.release();
    expect(await screen.findByText('Video successfully associated with brand campaign')).toBeInTheDocument();
    expect(scraperCall.sent).toEqual([expect.objectContaining({ customTitle: 'Serum week one', brandBriefId: brief().id })]);
  });
});
