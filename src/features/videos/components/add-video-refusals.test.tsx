import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { brief, creatorUser, profileOf, video } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet } from '@/testing/supabase';
import { enter } from '@/testing/user';
import { addVideoFormSchema } from '../api/add-video';
import { AddVideoForm } from './add-video-form';
import { LinkCampaignButton } from './link-campaign-button';

/**
 * Issue 33 (4): the add forms stop where the database does, and a refusal is shown under the
 * field it concerns, in the person's language (not "the request was not understood" under the link).
 */

const videoUrl = 'https://www.tiktok.com/@nok/video/7300000000000000001';
const scraper = `${apiUrl}/functions/v1/tiktok-scraper`;

/** A signed-in creator who joined one campaign. */
const signedInCreatorWhoJoined = () =>
  server.use(profileRow(profileOf(creatorUser)), restGet('tiktok_videos', []), restGet('creator_brand_connections', [{ brand_brief_id: brief().id }]), restGet('brief_listings', [brief()]));

/** The joined campaign is in the form's list (slow on a loaded machine: the profile, then the campaigns). */
const joinedLoaded = () => screen.findByRole('option', { name: 'GlowLab Skincare: Skincare Product Review' }, { timeout: 15_000 });

/** signedInCreatorWhoJoined, and the function previews links at once and refuses the add with `refusal`. */
function creatorRefusedWith(refusal: { code: string; error: string }, status = 400) {
  signedInCreatorWhoJoined();
  server.use(
    http.post(scraper, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      if (body.preview) return HttpResponse.json({ success: true, preview: { videoId: '7300000000000000001', caption: null, title: 'TikTok Video #73000000', alreadyAdded: false } });
      return HttpResponse.json({ success: false, ...refusal }, { status });
    }),
  );
}

async function fillCampaignForm() {
  await renderPage(<AddVideoForm variant="campaign" />, { user: creatorUser });
  await enter(await screen.findByLabelText('TikTok Video URL'), videoUrl);
  await waitFor(() => expect(screen.getByLabelText('Video Name')).toHaveValue('TikTok Video #73000000'));
  await joinedLoaded();
  await userEvent.selectOptions(screen.getByLabelText('Brand Campaign'), 'GlowLab Skincare: Skincare Product Review');
  const submit = screen.getByRole('button', { name: 'Add to Campaign' });
  await waitFor(() => expect(submit).toBeEnabled());
  await userEvent.click(submit);
}

describe('the add forms hold what the database holds', () => {
  it.each([
    ['dashboard', 'TikTok video URL'],
    ['campaign', 'TikTok Video URL'],
  ] as const)('the %s form takes a name of at most 300 characters and a link of at most 2,048', async (variant, urlLabel) => {
    signedInCreatorWhoJoined();
    await renderPage(<AddVideoForm variant={variant} />, { user: creatorUser });
    await joinedLoaded();
    expect(screen.getByLabelText('Video Name')).toHaveAttribute('maxLength', '300');
    expect(screen.getByLabelText(urlLabel)).toHaveAttribute('maxLength', '2048');
  });

  it('the paste box takes a link of at most 2,048 characters', async () => {
    await renderPage(<AddVideoForm variant="paste" />);
    expect(await screen.findByLabelText('TikTok video URL')).toHaveAttribute('maxLength', '2048');
  });

  it('a pasted 520-character name is cut at 300, and the schema refuses a longer one with its own message', async () => {
    signedInCreatorWhoJoined();
    await renderPage(<AddVideoForm variant="campaign" />, { user: creatorUser });
    await joinedLoaded();
    const name = screen.getByLabelText('Video Name');
    await enter(name, 'ก'.repeat(520));
    expect((name as HTMLInputElement).value).toHaveLength(300);

    const refused = addVideoFormSchema.safeParse({ variant: 'dashboard', url: videoUrl, customTitle: 'x'.repeat(301), brandBriefId: brief().id });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['customTitle'], message: 'videos:messages.nameTooLong' })]);
    const longLink = addVideoFormSchema.safeParse({ variant: 'paste', url: `https://www.tiktok.com/@a/video/${'1'.repeat(2040)}` });
    expect(longLink.error?.issues[0]).toMatchObject({ path: ['url'], message: 'videos:messages.urlTooLong' });
  });
});

describe('a refusal is shown under the field it concerns', () => {
  it('a campaign refusal (budget reached) is under Brand Campaign, not under the link', async () => {
    creatorRefusedWith({ code: 'budget_reached', error: 'This campaign has reached its budget' }, 409);
    await fillCampaignForm();
    await waitFor(() => expect(screen.getByLabelText('Brand Campaign')).toHaveAccessibleDescription('This campaign has reached its budget'));
    expect(screen.getByLabelText('Brand Campaign')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Brand Campaign')).toHaveFocus();
    expect(screen.getByLabelText('TikTok Video URL')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('TikTok Video URL')).toHaveAccessibleDescription('');
  });

  it('a refusal of the video itself (claimed by another account) is under the link', async () => {
    creatorRefusedWith({ code: 'video_claimed', error: 'Claimed' }, 409);
    await fillCampaignForm();
    await waitFor(() => expect(screen.getByLabelText('TikTok Video URL')).toHaveAccessibleDescription(/Another account has already submitted this TikTok video/));
    expect(screen.getByLabelText('Brand Campaign')).not.toHaveAttribute('aria-invalid');
  });

  it('a refusal that concerns no field (the function did not understand) is the toast alone, never under the link', async () => {
    creatorRefusedWith({ code: 'bad_request', error: 'Send a JSON body with the video url' });
    await fillCampaignForm();
    expect(await screen.findByText('The request was not understood. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('TikTok Video URL')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Video Name')).not.toHaveAttribute('aria-invalid');
  });

  it('in Thai, a refusal under the brand names it in Thai', async () => {
    creatorRefusedWith({ code: 'brand_not_found', error: 'This brand does not exist' }, 404);
    server.use(http.post(`${apiUrl}/rest/v1/rpc/search_brands`, () => HttpResponse.json([{ id: 'a1000000-0000-4000-8000-000000000002', name: 'GlowLab Skincare' }])));
    await renderPage(<AddVideoForm variant="dashboard" />, { user: creatorUser, language: 'th' });
    await enter(await screen.findByLabelText('ลิงก์วิดีโอ TikTok'), videoUrl);
    await waitFor(() => expect(screen.getByLabelText('ชื่อวิดีโอ')).toHaveValue('TikTok Video #73000000'));
    await userEvent.click(screen.getByLabelText('แบรนด์'));
    await userEvent.click(await screen.findByRole('option', { name: 'GlowLab Skincare' }));
    const add = screen.getByRole('button', { name: 'เพิ่มวิดีโอ' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    await waitFor(() => expect(screen.getByLabelText('แบรนด์')).toHaveAccessibleDescription('ไม่พบแบรนด์นี้'));
    expect(screen.getByLabelText('ลิงก์วิดีโอ TikTok')).not.toHaveAttribute('aria-invalid');
  });
});

describe('required and optional, as the dashboard form behaves', () => {
  it('says a brand or an opportunity is required, and marks neither as optional', async () => {
    signedInCreatorWhoJoined();
    await renderPage(<AddVideoForm variant="dashboard" />, { user: creatorUser });
    await joinedLoaded();
    // The test DOM's accessible name may drop the space before the parenthesis that a browser keeps.
    const group = await screen.findByRole('group', { name: /^Brand or opportunity ?\(at least one is required\)$/ });
    expect(group).toHaveAccessibleDescription('Choose a brand, an opportunity you joined, or both.');
    expect(screen.getByLabelText('Brand')).toBeInTheDocument();
    expect(screen.getByLabelText('Brand Opportunity')).toBeInTheDocument();
    expect(screen.queryByText(/optional/)).not.toBeInTheDocument();
  });
});

describe('linking a video added before', () => {
  it('a refusal of the campaign chosen is under the campaign, in the dialog', async () => {
    signedInCreatorWhoJoined();
    server.use(http.patch(`${apiUrl}/rest/v1/tiktok_videos`, () => HttpResponse.json({ code: 'posted_before_brief', message: 'Posted before', details: null, hint: null }, { status: 409 })));
    await renderPage(<LinkCampaignButton video={video()} />, { user: creatorUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Link to campaign: Morning routine' }));
    await joinedLoaded();
    const campaign = screen.getByLabelText('Campaign');
    await userEvent.selectOptions(campaign, 'GlowLab Skincare: Skincare Product Review');
    await userEvent.click(screen.getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(campaign).toHaveAccessibleDescription(/posted before the campaign opened/));
    expect(campaign).toHaveAttribute('aria-invalid', 'true');
  });
});
