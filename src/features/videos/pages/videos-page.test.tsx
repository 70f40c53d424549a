import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { brief, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { payRates, profileRow, restGet, rpc, videoPage } from '@/testing/supabase';
import VideosPage from './videos-page';

/**
 * Issue 33 (1): one way to add a video. "Add your video to this campaign" opens My Videos on
 * that campaign's add form, with the campaign chosen and no other form above it; a page never
 * shows two fields of the same name.
 */

const metrics = { totalViews: 0, totalVideos: 0, totalBrands: 0, totalCreators: 0, countedViews: 0, pendingViews: 0, notCountedViews: 0, estEarnings: 0, estPay: 0 };
const otherBrief = brief({ id: 'b1000000-0000-4000-8000-000000000009', title: 'Energy Drink Promotion', brand_name: 'Volt Energy' });

beforeEach(() => {
  server.use(
    profileRow(profileOf(creatorUser)),
    payRates(),
    rpc('creator_metrics', metrics),
    videoPage([]),
    restGet('creator_brand_connections', [{ brand_brief_id: brief().id }, { brand_brief_id: otherBrief.id }]),
    restGet('brief_listings', [brief(), otherBrief]),
    http.get(`${apiUrl}/rest/v1/*`, () => HttpResponse.json([])),
    http.post(`${apiUrl}/rest/v1/rpc/*`, () => HttpResponse.json([])),
  );
});

/** The text fields, selects and comboboxes of the page, in the order a person meets them. */
const fields = () => screen.queryAllByRole('textbox').concat(screen.queryAllByRole('combobox')).sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));

/** Every field's accessible name is its own: none is shared by two fields (issue 33). */
function expectNamesUnique() {
  const names = fields().map((field) => field.getAttribute('aria-label') ?? document.querySelector(`label[for="${field.id}"]`)?.textContent ?? '');
  expect(new Set(names).size, names.join(' | ')).toBe(names.length);
}

describe('My Videos, for a creator', () => {
  it('?brief= (from "Add your video to this campaign") opens the campaign form on that campaign, first on the page, and no paste box', async () => {
    await renderPage(<VideosPage />, { user: creatorUser, url: `/dashboard/videos?tab=campaign&brief=${otherBrief.id}` });
    const campaign = await screen.findByLabelText('Brand Campaign');
    await waitFor(() => expect(campaign).toHaveValue(otherBrief.id));
    await waitFor(() => expect(screen.getByLabelText('TikTok Video URL')).toHaveFocus());
    // The campaign's form is the page's first: its link is the first field, and no other add form is there.
    expect(fields()[0]).toBe(screen.getByLabelText('TikTok Video URL'));
    expect(screen.queryByLabelText('TikTok video URL')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Add/ }).map((button) => button.textContent)).toEqual(['Add to Campaign']);
    expect(screen.getByRole('tab', { name: 'Brand Campaign Videos' })).toHaveAttribute('aria-selected', 'true');
    expectNamesUnique();
  });

  it('?brief= alone also opens the Brand Campaign tab on that campaign', async () => {
    await renderPage(<VideosPage />, { user: creatorUser, url: `/dashboard/videos?brief=${brief().id}` });
    await waitFor(() => expect(screen.getByLabelText('Brand Campaign')).toHaveValue(brief().id));
    expect(screen.getByRole('tab', { name: 'Brand Campaign Videos' })).toHaveAttribute('aria-selected', 'true');
  });

  it('All Videos has the paste box alone, first, and the campaign form only on its tab', async () => {
    await renderPage(<VideosPage />, { user: creatorUser, url: '/dashboard/videos' });
    const campaignTab = await screen.findByRole('tab', { name: 'Brand Campaign Videos' });
    const paste = screen.getByLabelText('TikTok video URL');
    expect(fields()[0]).toBe(paste);
    expect(screen.queryByLabelText('Brand Campaign')).not.toBeInTheDocument();
    expectNamesUnique();

    await userEvent.click(campaignTab);
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByLabelText('Brand Campaign')).toHaveValue('');
    expect(screen.queryByLabelText('TikTok video URL')).not.toBeInTheDocument();
    expectNamesUnique();
  });

  it('in Thai too, no two fields share a name on either tab', async () => {
    await renderPage(<VideosPage />, { user: creatorUser, url: `/dashboard/videos?tab=campaign&brief=${brief().id}`, language: 'th' });
    await waitFor(() => expect(screen.getByLabelText('แคมเปญแบรนด์')).toHaveValue(brief().id));
    expect(screen.getAllByLabelText('ลิงก์วิดีโอ TikTok')).toHaveLength(1);
    expectNamesUnique();
    await userEvent.click(screen.getByRole('tab', { name: 'วิดีโอทั้งหมด' }));
    expect(await screen.findAllByLabelText('ลิงก์วิดีโอ TikTok')).toHaveLength(1);
    expectNamesUnique();
  });
});
