import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, rpc } from '@/testing/supabase';
import NotificationsPage from './notifications-page';

const notification = (id: number, read: boolean) => ({
  id,
  type: 'brief_deadline_near',
  params: { brief: `b${id}`, brief_title: `Campaign ${id}`, deadline: '2026-12-01' },
  created_at: '2026-11-20T08:00:00Z',
  read_at: read ? '2026-11-21T08:00:00Z' : null,
});

/**
 * notifications_page() over 45 rows, newest first, as the server pages them (keyset): the page
 * after or before the row it is given, else page p_page from the start or the end. Keeps each
 * call's body, and what was marked read.
 */
function notificationsTable(total = 45) {
  const rows = Array.from({ length: total }, (_, index) => notification(total - index, index % 2 === 1));
  const calls: Record<string, unknown>[] = [];
  const marked: unknown[] = [];
  server.use(
    profileRow(profileOf(creatorUser)),
    rpc('unread_notification_count', 10),
    http.post(`${apiUrl}/rest/v1/rpc/notifications_page`, async ({ request }) => {
      const body = (await request.json()) as { p_page: number; p_from_end: boolean; p_after?: string; p_before?: string; p_limit: number };
      calls.push(body);
      const size = body.p_limit;
      const at = (id: string | undefined) => rows.findIndex((row) => String(row.id) === id);
      const pages = Math.max(1, Math.ceil(total / size));
      const start = body.p_after ? at(body.p_after) + 1 : body.p_before ? Math.max(0, at(body.p_before) - size) : ((body.p_from_end ? pages - body.p_page + 1 : body.p_page) - 1) * size;
      const end = body.p_before ? at(body.p_before) : start + size;
      return HttpResponse.json({ total, exact: true, has_previous: start > 0, has_next: end < total, rows: rows.slice(start, end) });
    }),
    http.post(`${apiUrl}/rest/v1/rpc/mark_notifications_read`, async ({ request }) => {
      marked.push(((await request.json()) as { p_ids: unknown }).p_ids);
      return HttpResponse.json(1);
    }),
  );
  return { calls, marked };
}

describe('the Notifications page', () => {
  it('lists 20 a page, newest first, asking the server for the page in the address', async () => {
    const table = notificationsTable();
    await renderPage(<NotificationsPage />, { user: creatorUser, url: '/dashboard/notifications?page=2', path: '/dashboard/notifications' });
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(20);
    expect(rows[0]).toHaveTextContent('Campaign 25');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(table.calls.at(-1)).toEqual({ p_page: 2, p_from_end: false, p_limit: 20 });

    // Next reads the page after the last row shown (keyset).
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(table.calls.at(-1)).toEqual({ p_page: 3, p_from_end: false, p_after: '6', p_limit: 20 }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(await screen.findAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();

    // Previous reads the page before the first row shown.
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(table.calls.at(-1)).toEqual({ p_page: 2, p_from_end: false, p_before: '5', p_limit: 20 }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect((await screen.findAllByRole('listitem'))[0]).toHaveTextContent('Campaign 25');

    // First and Last read from the ends of the list: nothing is counted off.
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(table.calls.at(-1)).toEqual({ p_page: 1, p_from_end: false, p_limit: 20 }));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(table.calls.at(-1)).toEqual({ p_page: 3, p_from_end: false, p_limit: 20 }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('takes an address it cannot read as the first page', async () => {
    const table = notificationsTable();
    await renderPage(<NotificationsPage />, { user: creatorUser, url: '/dashboard/notifications?page=2.after.%27%3Bdrop', path: '/dashboard/notifications' });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(table.calls.at(-1)).toEqual({ p_page: 1, p_from_end: false, p_limit: 20 });
  });

  it('marks unread ones, links each to its thing, and marks one or all as read', async () => {
    const table = notificationsTable(2);
    await renderPage(<NotificationsPage />, { user: creatorUser, url: '/dashboard/notifications', path: '/dashboard/notifications' });
    const [unread, read] = await screen.findAllByRole('listitem');
    const link = within(unread).getByRole('link');
    expect(link).toHaveAttribute('href', '/dashboard/opportunities?brief=b2');
    expect(link).toHaveTextContent('Unread: Campaign deadline soon');
    expect(link).toHaveTextContent('Campaign 2 ends on Dec 1, 2026. Videos posted after that don\'t count.');
    expect(within(read).getByRole('link')).not.toHaveTextContent('Unread');
    expect(within(read).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(unread).getByRole('button', { name: 'Mark as read: Campaign deadline soon' }));
    await waitFor(() => expect(table.marked).toEqual([[2]]));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(table.marked).toEqual([[2], null]));
  });

  it('goes to the thing when a row is followed', async () => {
    notificationsTable(1);
    await renderPage(<NotificationsPage />, { user: creatorUser, url: '/dashboard/notifications', path: '/dashboard/notifications' });
    await userEvent.click(within(await screen.findByRole('listitem')).getByRole('link'));
    expect(await screen.findByRole('status', { name: 'Current address' })).toHaveTextContent('/dashboard/opportunities?brief=b1');
  });

  it('says when there are none', async () => {
    notificationsTable(0);
    await renderPage(<NotificationsPage />, { user: creatorUser, url: '/dashboard/notifications' });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('says when they could not load, and offers to try again', async () => {
    server.use(profileRow(profileOf(creatorUser)), rpc('unread_notification_count', 0));
    server.use(http.post(`${apiUrl}/rest/v1/rpc/notifications_page`, () => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })));
    await renderPage(<NotificationsPage />, { user: creatorUser, url: '/dashboard/notifications' });
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load your notifications");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
