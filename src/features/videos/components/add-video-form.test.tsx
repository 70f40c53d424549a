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

/** The function's preview of a link (preview: true): TikTok's caption, or none. */
const previewOf = (body: Record<string, unknown>, caption: string | null, alreadyAdded = false) => {
  const videoId = String(body.url).split('/').pop()!;
  return { success: true, preview: { videoId, caption, title: caption ?? `TikTok Video #${videoId.slice(0, 8)}`, alreadyAdded } };
};

/**
 * The tiktok-scraper function, answering once the test lets it; it keeps what it was sent to
 * add. Previews the forms ask for as a link is typed are answered at once (caption: none by default).
 */
function scraperAnswering(answer: Record<string, unknown>, { caption = null }: { caption?: string | null } = {}) {
  const sent: Record<string, unknown>[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.post(scraper, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      if (body.preview) return HttpResponse.json(previewOf(body, caption));
      sent.push(body);
      await gate;
      return HttpResponse.json(answer);
    }),
  );
  return { sent, release };
}

const signedInCreator = () =>
  server.use(
    profileRow(profileOf(creatorUser)),
    restGet('tiktok_videos', []),
    http.post(scraper, async ({ request }) => HttpResponse.json(previewOf((await request.json()) as Record<string, unknown>, null))),
  );

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
    // In the toast, and under the field with an example of a valid link.
    expect(await screen.findAllByText('This video has already been added to your collection')).toHaveLength(2);
    expect(screen.getByLabelText('TikTok video URL')).toHaveAccessibleDescription(
      'A video link looks like https://www.tiktok.com/@name/video/7431234567890123456 This video has already been added to your collection',
    );
    expect(screen.getByLabelText('TikTok video URL')).toHaveValue(videoUrl);
  });

  it('translates the code the function refuses the video with', async () => {
    signedInCreator();
    server.use(http.post(scraper, () => HttpResponse.json({ code: 'video_unavailable', error: 'Video unavailable' }, { status: 404 })));
    await renderPage(<AddVideoForm variant="paste" />, { user: creatorUser });
    await enter(await screen.findByLabelText('TikTok video URL'), videoUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Add Video' }));
    // In the toast, and under the field.
    await waitFor(() => expect(screen.getAllByText('This TikTok video is unavailable: it may be private or deleted')).toHaveLength(2));
    expect(screen.getByLabelText('TikTok video URL')).toHaveAccessibleDescription(/This TikTok video is unavailable/);
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
    await userEvent.click(screen.getByLabelText('Brand'));
    await userEvent.click(await screen.findByRole('option', { name: 'GlowLab Skincare' }));
    await waitFor(() => expect(add).toBeEnabled());
  });

  it('sends the brand chosen in the search, and empties the choice once the video is added', async () => {
    signedInCreator();
    withBrandsAndJoined();
    const scraperCall = scraperAnswering({ success: true, isEstimated: false, source: 'display_api' });
    await renderPage(<AddVideoForm variant="dashboard" />, { user: creatorUser });
    await enter(await screen.findByLabelText('TikTok video URL'), videoUrl);
    const brand = screen.getByLabelText('Brand');
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
    await userEvent.selectOptions(await screen.findByLabelText('Brand Opportunity'), 'GlowLab Skincare: Skincare Product Review');
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
    await userEvent.clear(screen.getByLabelText('Video Name'));
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

describe('AddVideoForm, names and links (issue 15)', () => {
  const joinedBrief = () => server.use(restGet('creator_brand_connections', [{ brand_brief_id: brief().id }]), restGet('brief_listings', [brief()]));

  it("takes TikTok's caption as the name once the preview has it, and leaves a typed name alone", async () => {
    signedInCreator();
    joinedBrief();
    scraperAnswering({ success: true, isEstimated: false, source: 'display_api' }, { caption: 'Morning routine with the GlowLab serum' });
    await renderPage(<AddVideoForm variant="dashboard" />, { user: creatorUser });
    await enter(await screen.findByLabelText('TikTok video URL'), videoUrl);
    await waitFor(() => expect(screen.getByLabelText('Video Name')).toHaveValue('Morning routine with the GlowLab serum'));

    await userEvent.clear(screen.getByLabelText('Video Name'));
    await enter(screen.getByLabelText('Video Name'), 'My own name');
    await userEvent.clear(screen.getByLabelText('TikTok video URL'));
    await enter(screen.getByLabelText('TikTok video URL'), videoUrl.replace(/1$/, '2'));
    // Nothing can be awaited for a name that must not be overwritten: give the new link's lookup its moment.
    // eslint-disable-next-line no-restricted-syntax
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Video Name')).toHaveValue('My own name');
  });

  it('starts on the campaign it is given, with the link field focused, and links a video added before instead of refusing it', async () => {
    server.use(profileRow(profileOf(creatorUser)), restGet('tiktok_videos', [{ id: 'v1' }]));
    joinedBrief();
    const linked: { query: string; body: unknown }[] = [];
    server.use(
      http.post(scraper, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        return body.preview ? HttpResponse.json(previewOf(body, 'Serum, week one', true)) : HttpResponse.json({ success: false }, { status: 500 });
      }),
      http.patch(`${apiUrl}/rest/v1/tiktok_videos`, async ({ request }) => {
        linked.push({ query: new URL(request.url).search, body: await request.json() });
        return HttpResponse.json([{ id: 'v1' }]);
      }),
    );
    await renderPage(<AddVideoForm variant="campaign" briefId={brief().id} />, { user: creatorUser });
    const url = await screen.findByLabelText('TikTok Video URL');
    await waitFor(() => expect(url).toHaveFocus());
    await waitFor(() => expect(screen.getByLabelText('Brand Campaign')).toHaveValue(brief().id));
    await enter(url, videoUrl);
    expect(await screen.findByText('Already added: it will be linked to the campaign you chose.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Video Name')).toHaveValue('Serum, week one'));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Campaign' }));
    expect(await screen.findByText('Video successfully associated with brand campaign')).toBeInTheDocument();
    expect(linked).toHaveLength(1);
    expect(linked[0].body).toEqual({ brand_id: null, brand_brief_id: brief().id });
    expect(linked[0].query).toContain('video_id=eq.7300000000000000001');
    // The campaign stays chosen for the next video.
    expect(screen.getByLabelText('Brand Campaign')).toHaveValue(brief().id);
  });
});
