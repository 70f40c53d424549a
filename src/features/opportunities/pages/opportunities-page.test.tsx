import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BriefListing } from '@/lib/database';
import { brandUser, brief, creatorUser, ledgerRulesRow, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { ledgerRules, profileRow, restError, restGet, rpc } from '@/testing/supabase';
import { enter } from '@/testing/user';
import OpportunitiesPage from './opportunities-page';

const otherBrand = 'a1000000-0000-4000-8000-000000000004';

/** Brief n, published n minutes after a fixed moment: the higher n, the newer. Every third one is closed, every fifth another brand's. */
const numbered = (n: number): BriefListing =>
  brief({
    id: `b2000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Brief ${n}`,
    status: n % 3 === 0 ? 'closed' : 'open',
    brand_id: n % 5 === 0 ? otherBrand : brandUser.id,
    brand_name: n % 5 === 0 ? 'Volt Energy' : 'GlowLab Skincare',
    created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  });

/**
 * brief_listings as PostgREST answers it: filtered by status, brand and id, newest first, the
 * asked-for range, and the count in Content-Range when asked for. Each request's query is kept.
 */
function market(total: number) {
  const all = Array.from({ length: total }, (_, i) => numbered(total - i));
  const asked: URLSearchParams[] = [];
  server.use(
    profileRow(profileOf(brandUser)),
    http.get(`${apiUrl}/rest/v1/brief_listings`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      let rows = all;
      for (const column of ['status', 'brand_id', 'id'] as const) {
        const value = query.get(column)?.replace(/^eq\./, '');
        if (value) rows = rows.filter((row) => row[column] === value);
      }
      const matched = rows.length;
      const offset = Number(query.get('offset') ?? 0);
      rows = rows.slice(offset, query.has('limit') ? offset + Number(query.get('limit')) : undefined);
      const counted = request.headers.get('Prefer')?.includes('count=exact');
      const range = rows.length ? `${offset}-${offset + rows.length - 1}` : '*';
      const headers = { 'Content-Range': `${range}/${counted ? matched : '*'}` };
      if (request.headers.get('Accept') === 'application/vnd.pgrst.object+json') {
        return rows.length ? HttpResponse.json(rows[0], { headers }) : HttpResponse.json({ code: 'PGRST116', message: 'no rows', details: null, hint: null }, { status: 406 });
      }
      return HttpResponse.json(rows, { headers });
    }),
    // The market's count (count_brief_listings), by status.
    http.post(`${apiUrl}/rest/v1/rpc/count_brief_listings`, async ({ request }) => {
      const { p_status: status } = (await request.json()) as { p_status?: string };
      return HttpResponse.json(all.filter((row) => !status || row.status === status).length);
    }),
  );
  return { asked, lists: () => asked.filter((query) => query.has('offset') || query.has('limit')) };
}

/** The cards' titles, in order (read from the DOM: role queries over dozens of cards are slow in a test DOM). */
const titles = () => Array.from(document.querySelectorAll('article h3'), (heading) => heading.textContent);

describe('OpportunitiesPage', () => {
  it('shows 20 briefs at a time, newest first, and the next 20 with each Show more, until all are shown', async () => {
    const { lists } = market(45);
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities?scope=all', user: brandUser });

    expect(await screen.findByText('Showing 20 of 45 opportunities')).toBeInTheDocument();
    expect(titles()).toEqual(Array.from({ length: 20 }, (_, i) => `Brief ${45 - i}`));
    expect(lists()).toHaveLength(1);
    expect(Object.fromEntries(lists()[0])).toMatchObject({ select: '*', order: 'created_at.desc,id.asc', offset: '0', limit: '20' });

    await userEvent.click(screen.getByRole('button', { name: 'Show more opportunities' }));
    expect(await screen.findByText('Showing 40 of 45 opportunities')).toBeInTheDocument();
    expect(titles().slice(18, 22)).toEqual(['Brief 27', 'Brief 26', 'Brief 25', 'Brief 24']);
    expect(lists().at(-1)!.get('offset')).toBe('20');

    await userEvent.click(screen.getByRole('button', { name: 'Show more opportunities' }));
    expect(await screen.findByText('Showing 45 of 45 opportunities')).toBeInTheDocument();
    expect(titles()).toHaveLength(45);
    expect(titles().at(-1)).toBe('Brief 1');
    expect(screen.queryByRole('button', { name: 'Show more opportunities' })).not.toBeInTheDocument();
    // One request a page: nothing loaded twice, nothing loaded whole.
    expect(lists().map((query) => query.get('offset'))).toEqual(['0', '20', '40']);
  });

  it('starts again from the first page under another status tab, and filters by status on the server', async () => {
    const { lists } = market(45);
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities?scope=all', user: brandUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Show more opportunities' }));
    expect(await screen.findByText('Showing 40 of 45 opportunities')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Closed' }));
    // 15 closed briefs: one page, no count line and no button.
    await waitFor(() => expect(titles()).toHaveLength(15));
    expect(titles()[0]).toBe('Brief 45');
    expect(Array.from(document.querySelectorAll('article'), (card) => within(card).queryAllByText('Closed').length > 0)).not.toContain(false);
    expect(screen.queryByText(/^Showing \d+ of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more opportunities' })).not.toBeInTheDocument();
    expect(Object.fromEntries(lists().at(-1)!)).toMatchObject({ status: 'eq.closed', offset: '0', limit: '20' });

    await userEvent.click(screen.getByRole('tab', { name: 'Open' }));
    expect(await screen.findByText('Showing 20 of 30 opportunities')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more opportunities' }));
    expect(await screen.findByText('Showing 30 of 30 opportunities')).toBeInTheDocument();

    // Back to All: the first page again, not the 40 shown before.
    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(await screen.findByText('Showing 20 of 45 opportunities')).toBeInTheDocument();
    expect(titles()).toHaveLength(20);
  });

  it('filters by the brand an invitation link names, on the server', async () => {
    const { lists } = market(150);
    await renderPage(<OpportunitiesPage />, { url: `/dashboard/opportunities?status=open&brand=${otherBrand}`, user: brandUser, language: 'th' });
    // 150 briefs: 30 are Volt's, 20 of them open.
    expect(await screen.findByText('แสดงแคมเปญที่เปิดรับของ Volt Energy')).toBeInTheDocument();
    expect(screen.queryByText(/^แสดง \d+ จาก/)).not.toBeInTheDocument();
    expect(titles()).toHaveLength(20);
    expect(Object.fromEntries(lists()[0])).toMatchObject({ status: 'eq.open', brand_id: `eq.${otherBrand}`, offset: '0', limit: '20' });
  });

  it('says how many in Thai, with Thai digits grouped', async () => {
    market(1_234);
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities?scope=all', user: brandUser, language: 'th' });
    expect(await screen.findByText('แสดง 20 จาก 1,234 แคมเปญ')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'ดูแคมเปญเพิ่มเติม' }));
    expect(await screen.findByText('แสดง 40 จาก 1,234 แคมเปญ')).toBeInTheDocument();
  });

  it('opens a brief a link names even when it is past the first page', async () => {
    const { asked } = market(45);
    const old = numbered(3);
    await renderPage(<OpportunitiesPage />, { url: `/dashboard/opportunities?brief=${old.id}&scope=all`, user: brandUser });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Brief 3' })).toBeInTheDocument();
    expect(asked.some((query) => query.get('id') === `eq.${old.id}`)).toBe(true);
    // The list itself still starts at the newest.
    expect(await screen.findByText('Showing 20 of 45 opportunities')).toBeInTheDocument();
  });

  it('lists a brand’s own campaigns first, counted on the server, and every brand’s behind All brands', async () => {
    const { lists } = market(45);
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities', user: brandUser });
    // 45 briefs, 9 of them Volt's: the brand's 36, a page at a time.
    expect(await screen.findByText('Showing 20 of 36 opportunities')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'My campaigns' })).toHaveAttribute('aria-pressed', 'true');
    expect(Object.fromEntries(lists()[0])).toMatchObject({ brand_id: `eq.${brandUser.id}`, offset: '0', limit: '20' });
    await userEvent.click(screen.getByRole('button', { name: 'Show more opportunities' }));
    expect(await screen.findByText('Showing 36 of 36 opportunities')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Volt Energy');

    await userEvent.click(screen.getByRole('button', { name: 'All brands' }));
    expect(await screen.findByText('Showing 20 of 45 opportunities')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All brands' })).toHaveAttribute('aria-pressed', 'true');
    expect(lists().at(-1)!.has('brand_id')).toBe(false);
  });

  it('explains the statuses under the tabs, one line each', async () => {
    market(3);
    server.use(restGet('creator_brand_connections', []));
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities', user: creatorUser });
    const legend = await screen.findByRole('list', { name: 'What the statuses mean' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'OpenCreators can join and add videos.',
      'MatchedThe brand has its creators: no new joins.',
      'ClosedThe campaign has ended: no new joins.',
    ]);
  });

  it('explains the statuses in Thai', async () => {
    market(3);
    server.use(restGet('creator_brand_connections', []));
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities', user: creatorUser, language: 'th' });
    expect(await screen.findByRole('list', { name: 'ความหมายของสถานะ' })).toHaveTextContent('ปิดแล้วแคมเปญจบแล้ว ไม่รับเพิ่ม');
  });
});

describe('OpportunitiesPage: budgets', () => {
  const budgeted = brief({ budget_satang: 500_000, budget_remaining_satang: 40_000 });
  const oneBrief = (row: BriefListing) => [restGet('brief_listings', [row]), rpc('count_brief_listings', 1)];

  it('states the budget rule before a creator joins', async () => {
    server.use(profileRow(profileOf(creatorUser)), restGet('creator_brand_connections', []), ...oneBrief(budgeted));
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities', user: creatorUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Read Brief: Skincare Product Review' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You earn ฿5.00 per 1,000 counted views');
    expect(dialog).toHaveTextContent('฿400.00 left of ฿5,000.00');
    expect(within(dialog).getByRole('heading', { name: 'How the budget works' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      "This campaign has a budget of ฿5,000.00. Views count in the order they are measured until spend reaches it; after that, further views don't count and the campaign takes no new creators.",
    );
  });

  it('shows the server’s budget_reached refusal in the creator’s language', async () => {
    server.use(
      profileRow(profileOf(creatorUser)),
      restGet('creator_brand_connections', []),
      ...oneBrief(budgeted),
      // The last of the budget went between loading the list and joining.
      restError('post', 'creator_brand_connections', 'budget_reached', 409),
    );
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities', user: creatorUser, language: 'th' });
    await userEvent.click(await screen.findByRole('button', { name: 'เข้าร่วม: Skincare Product Review' }));
    expect(await screen.findByText('แคมเปญนี้ใช้งบครบแล้ว')).toBeInTheDocument();
  });

  it('lets the owning brand raise its budget, and shows the database’s refusal to go under what was spent', async () => {
    const sent: unknown[] = [];
    server.use(
      profileRow(profileOf(brandUser)),
      ...oneBrief(budgeted),
      http.patch(`${apiUrl}/rest/v1/brand_briefs`, async ({ request }) => {
        const body = (await request.json()) as { budget_satang: number | null };
        sent.push(body);
        if (body.budget_satang !== null && body.budget_satang < 100_000) {
          return HttpResponse.json({ code: 'budget_below_spend', message: 'budget_below_spend', details: null, hint: null }, { status: 409 });
        }
        return HttpResponse.json([{ id: budgeted.id, budget_satang: body.budget_satang }]);
      }),
    );
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities', user: brandUser });
    const card = await screen.findByRole('article', { name: 'Skincare Product Review' });
    expect(card).toHaveTextContent('You pay ฿10.00 per 1,000 counted views; creators earn ฿5.00');

    await userEvent.click(within(card).getByRole('button', { name: 'Change budget: Skincare Product Review' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Budget');
    expect(field).toHaveValue('5000');
    await userEvent.clear(field);
    await enter(field, '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    expect(await screen.findByText('The budget cannot be lower than what was spent already')).toBeInTheDocument();

    await userEvent.clear(field);
    await enter(field, '7,500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    expect(await screen.findByText('Budget saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ budget_satang: 50_000 }, { budget_satang: 750_000 }]);
  });
});

describe('OpportunitiesPage: joining and leaving', () => {
  const open = brief({ brief: 'Film your morning routine.' });

  it('joins from the brief dialog and offers the next step at once: add a video to this campaign', async () => {
    let joined = false;
    server.use(
      profileRow(profileOf(creatorUser)),
      http.get(`${apiUrl}/rest/v1/creator_brand_connections`, () => HttpResponse.json(joined ? [{ brand_brief_id: open.id }] : [])),
      http.post(`${apiUrl}/rest/v1/creator_brand_connections`, () => {
        joined = true;
        return new HttpResponse(null, { status: 201 });
      }),
      http.get(`${apiUrl}/rest/v1/brief_listings`, () => HttpResponse.json([open])),
      rpc('count_brief_listings', 1),
    );
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities', user: creatorUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Read Brief: Skincare Product Review' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('You earn ฿5.00 per 1,000 counted views');
    expect(dialog).toHaveTextContent('Bonus from the brand');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join: Skincare Product Review' }));
    expect(await screen.findByText('You have successfully joined this opportunity')).toBeInTheDocument();
    const next = await within(dialog).findByRole('link', { name: 'Add your video to this campaign: Skincare Product Review' });
    expect(next).toHaveAttribute('href', `/dashboard/videos?tab=campaign&brief=${open.id}`);
    // The toast offers it too.
    expect(screen.getByRole('button', { name: 'Add your video to this campaign' })).toBeInTheDocument();
  });

  it('leaves after a confirmation, and explains in the creator’s language why it cannot while a video is linked', async () => {
    const deleted: URLSearchParams[] = [];
    let linked = true;
    server.use(
      profileRow(profileOf(creatorUser)),
      restGet('creator_brand_connections', [{ brand_brief_id: open.id }]),
      http.delete(`${apiUrl}/rest/v1/creator_brand_connections`, ({ request }) => {
        deleted.push(new URL(request.url).searchParams);
        return linked
          ? HttpResponse.json({ code: 'opportunity_has_videos', message: 'Unlink your videos', details: null, hint: null }, { status: 409 })
          : HttpResponse.json([{ brand_brief_id: open.id }]);
      }),
      http.get(`${apiUrl}/rest/v1/brief_listings`, () => HttpResponse.json([open])),
      rpc('count_brief_listings', 1),
    );
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities', user: creatorUser, language: 'th' });
    await userEvent.click(await screen.findByRole('button', { name: 'ออกจากแคมเปญ: Skincare Product Review' }));
    const confirm = await screen.findByRole('dialog', { name: 'ออกจาก “Skincare Product Review”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'ออกจากแคมเปญ' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('มีวิดีโอผูกกับแคมเปญนี้อยู่');
    expect(Object.fromEntries(deleted[0])).toMatchObject({ creator_id: `eq.${creatorUser.id}`, brand_brief_id: `eq.${open.id}` });

    linked = false;
    await userEvent.click(within(confirm).getByRole('button', { name: 'ออกจากแคมเปญ' }));
    expect(await screen.findByText('ออกจาก “Skincare Product Review” แล้ว')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('OpportunitiesPage: before a creator posts', () => {
  it('lists what makes a video count, in Thai: the account, the dates in the Buddhist year, TikTok’s switch by its Thai name, the rules’ numbers', async () => {
    const row = brief({ created_at: '2026-11-20T02:00:00Z', deadline: '2026-12-10' });
    server.use(
      profileRow(profileOf(creatorUser, { tiktok_username: 'nok.eats' })),
      restGet('creator_brand_connections', []),
      restGet('brief_listings', [row]),
      rpc('count_brief_listings', 1),
      ledgerRules(ledgerRulesRow({ review_auto_approve_hours: 48, count_window_days: 21 })),
    );
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities', user: creatorUser, language: 'th' });
    await userEvent.click(await screen.findByRole('button', { name: 'อ่านบรีฟ: Skincare Product Review' }));
    const dialog = await screen.findByRole('dialog');
    const checklist = within(dialog).getByRole('heading', { name: 'ก่อนโพสต์' }).closest('section')!;
    expect(checklist).toHaveTextContent('@nok.eats');
    expect(checklist).toHaveTextContent('20 พ.ย. 2569');
    expect(checklist).toHaveTextContent('10 ธ.ค. 2569');
    expect(checklist).toHaveTextContent('สวิตช์ “เนื้อหาที่กล่าวถึงแบรนด์”');
    expect(checklist).toHaveTextContent('48 ชั่วโมง');
    expect(checklist).toHaveTextContent('21 วัน');
    expect(checklist).not.toHaveTextContent('2026');
  });

  it('shows the demo campaigns in Thai to a Thai reader, and what brands wrote as they wrote it', async () => {
    server.use(
      profileRow(profileOf(creatorUser)),
      restGet('creator_brand_connections', []),
      restGet('brief_listings', [brief({ is_demo: true, industry: ['Beauty'] }), brief({ id: 'b2000000-0000-4000-8000-000000000009', title: 'Energy Drink Promotion', is_demo: false })]),
      rpc('count_brief_listings', 2),
    );
    await renderPage(<OpportunitiesPage />, { url: '/dashboard/opportunities', user: creatorUser, language: 'th' });
    expect(await screen.findByRole('heading', { name: 'รีวิวสกินแคร์ตัวใหม่' })).toBeInTheDocument();
    expect(screen.getByText('ความงาม')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Energy Drink Promotion' })).toBeInTheDocument();
  });
});
