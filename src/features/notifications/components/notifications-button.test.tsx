import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { brandUser, creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, restGet, rpc } from '@/testing/supabase';
import { NotificationsButton } from './notifications-button';

const now = Date.now();
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

const rejected = {
  id: 7,
  type: 'video_rejected',
  params: { video: 'v1', title: 'Morning routine', brief: 'b1', brief_title: 'Skincare Review', reason: 'off_brief', note: 'Show the serum' },
  created_at: minutesAgo(5),
  read_at: null,
};
const paid = {
  id: 6,
  type: 'payout_sent',
  params: { payout: 'p1', month: '2026-10-01', net_satang: 160_789, reference: 'KB-1', paid_on: '2026-11-03' },
  created_at: minutesAgo(60 * 30),
  read_at: minutesAgo(60),
};

/** The unread count as the database keeps it: marking read lowers it; what was sent is kept. */
function notificationBackend(unread: number, shown: { read_at: string | null }[] = [rejected, paid]) {
  let rows = shown;
  const state = { unread, marked: [] as unknown[], counted: 0 };
  server.use(
    profileRow(profileOf(creatorUser)),
    http.post(`${apiUrl}/rest/v1/rpc/unread_notification_count`, () => {
      state.counted += 1;
      return HttpResponse.json(state.unread);
    }),
    http.get(`${apiUrl}/rest/v1/notifications`, () => HttpResponse.json(rows)),
    http.post(`${apiUrl}/rest/v1/rpc/mark_notifications_read`, async ({ request }) => {
      const body = (await request.json()) as { p_ids: number[] | null };
      state.marked.push(body.p_ids);
      rows = rows.map((row) => ({ ...row, read_at: row.read_at ?? new Date().toISOString() }));
      const count = body.p_ids === null ? state.unread : body.p_ids.length;
      state.unread -= count;
      return HttpResponse.json(count);
    }),
  );
  return state;
}

describe('the notifications button', () => {
  it('shows the unread count, and names it', async () => {
    notificationBackend(3);
    await renderPage(<NotificationsButton />, { user: creatorUser });
    const button = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(button).getByText('3')).toBeInTheDocument();
  });

  it('shows 9+ when the database stops counting at 10', async () => {
    notificationBackend(10);
    await renderPage(<NotificationsButton />, { user: creatorUser });
    const button = await screen.findByRole('button', { name: 'Notifications, more than 9 unread' });
    expect(within(button).getByText('9+')).toBeInTheDocument();
  });

  it('shows no badge at 0', async () => {
    const state = notificationBackend(0);
    await renderPage(<NotificationsButton />, { user: creatorUser });
    await waitFor(() => expect(state.counted).toBe(1));
    const button = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(button.textContent).toBe(''));
  });

  it('opens the latest, unread ones marked; Mark all as read marks them and the count falls', async () => {
    const state = notificationBackend(1);
    await renderPage(<NotificationsButton />, { user: creatorUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const menu = await screen.findByRole('menu');
    const first = await within(menu).findByRole('menuitem', { name: /Video rejected/ });
    expect(first).toHaveAttribute('href', '/dashboard/videos?tab=campaign');
    expect(first).toHaveTextContent('Unread: Video rejected');
    expect(first).toHaveTextContent('“Morning routine” was rejected for Skincare Review. Reason: Off brief. The brand\'s note: “Show the serum”');
    expect(first).toHaveTextContent('5 min. ago');
    const second = within(menu).getByRole('menuitem', { name: /Payout sent/ });
    expect(second).not.toHaveTextContent('Unread');
    expect(second).toHaveTextContent('We sent you ฿1,607.89 for October 2026 on Nov 3, 2026. Reference: KB-1');
    expect(within(menu).getByRole('menuitem', { name: 'See all' })).toHaveAttribute('href', '/dashboard/notifications');

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Mark all as read' }));
    // The menu stays open while the list and the count turn read.
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: /Video rejected/ })).not.toHaveTextContent('Unread'));
    expect(state.marked).toEqual([null]);
    await userEvent.keyboard('{Escape}');
    const button = await screen.findByRole('button', { name: 'Notifications' });
    expect(within(button).queryByText('1')).not.toBeInTheDocument();
  });

  it('marks one read when it is followed, and goes to it', async () => {
    const state = notificationBackend(1);
    await renderPage(<NotificationsButton />, { user: creatorUser, url: '/dashboard', path: '/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Video rejected/ }));
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent('/dashboard/videos?tab=campaign');
    await waitFor(() => expect(state.marked).toEqual([[7]]));
  });

  it('says so when there are none yet', async () => {
    notificationBackend(0, []);
    await renderPage(<NotificationsButton />, { user: creatorUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('speaks Thai, old notifications included', async () => {
    server.use(
      profileRow(profileOf(brandUser)),
      rpc('unread_notification_count', 2),
      restGet('notifications', [
        {
          id: 9,
          type: 'review_waiting',
          params: { video: 'v1', title: 'รีวิวเซรั่ม', brief: 'b1', brief_title: 'Skincare Review', creator_name: 'Nok', auto_approve_at: '2026-11-25T10:05:00Z' },
          created_at: minutesAgo(2),
          read_at: null,
        },
        { id: 8, type: 'budget_reached', params: { brief: 'b1', brief_title: 'Skincare Review', budget_satang: 5_000_000 }, created_at: minutesAgo(90), read_at: null },
      ]),
    );
    await renderPage(<NotificationsButton />, { user: brandUser, language: 'th' });
    await userEvent.click(await screen.findByRole('button', { name: 'การแจ้งเตือน ยังไม่อ่าน 2 รายการ' }));
    const review = await screen.findByRole('menuitem', { name: /มีวิดีโอรอตรวจ/ });
    expect(review).toHaveAttribute('href', '/dashboard/brand');
    // The tests run in UTC: a time of day says it is Bangkok's (one clock, @shared/clock.ts).
    expect(review).toHaveTextContent('Nok ส่ง “รีวิวเซรั่ม” (แคมเปญ Skincare Review) มาให้ตรวจ ถ้ายังไม่ตรวจภายใน 25 พ.ย. 2569 17:05 น. (เวลาไทย) ระบบจะอนุมัติให้อัตโนมัติ');
    const budget = screen.getByRole('menuitem', { name: /ใช้งบครบแล้ว/ });
    expect(budget).toHaveAttribute('href', '/dashboard/opportunities?brief=b1');
    expect(budget).toHaveTextContent('แคมเปญ Skincare Review ใช้งบ ฿50,000.00 ครบแล้ว');
    expect(screen.getByRole('menuitem', { name: 'อ่านแล้วทั้งหมด' })).toBeInTheDocument();
  });
});
