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

/** The notifications table, 45 rows newest first: answers the asked range with PostgREST's Content-Range, and keeps each query. */
function notificationsTable(total = 45) {
  const rows = Array.from({ length: total }, (_, index) => notification(total - index, index % 2 === 1));
  const queries: URLSearchParams[] = [];
  const prefers: (string | null)[] = [];
  const marked: unknown[] = [];
  server.use(
    profileRow(profileOf(creatorUser)),
    rpc('unread_notification_count', 10),
    http.get(`${apiUrl}/rest/v1/notifications`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      prefers.push(request.headers.get('prefer'));
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit'));
      const page = rows.slice(offset, offset + limit);
      const range = page.length ? `${offset}-${offset + page.length - 1}/${total}` : `*/${total}`;
      return HttpResponse.json(page, { headers: { 'Content-Range': range } });
    }),
    http.post(`${apiUrl}/rest/v1/rpc/mark_notifications_read`, async ({ request }) => {
      marked.push(((await request.json()) as { p_ids: unknown }).p_ids);
      return HttpResponse.json(1);
    }),
  );
  return { queries, prefers, marked };
}

describe('the Notifications page', () => {
  it('lists 20 a page, newest first, asking the server for the page in the address', async () => {
    const table = notificationsTable();
    await renderPage(<NotificationsPage />, { user: creatorUser, url: '/dashboard/notifications?page=2', path: '/dashboard/notifications' });
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(20);
    expect(rows[0]).toHaveTextContent('Campaign 25');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    const query = table.queries.at(-1)!;
    expect(query.get('offset')).toBe('20');
    expect(query.get('limit')).toBe('20');
    expect(query.get('order')).toBe('created_at.desc,id.desc');
    expect(query.get('select')).toBe('id,type,params,created_at,read_at');
    expect(table.prefers.at(-1)).toContain('count=exact');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(table.queries.at(-1)!.get('offset')).toBe('40'));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(await screen.findAllByRole('listitem')).toHaveLength(5);
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
    server.use(http.get(`${apiUrl}/rest/v1/notifications`, () => HttpResponse.json({ code: 'XX000', message: 'boom' }, { status: 500 })));
    await renderPage(<NotificationsPage />, { user: creatorUser, url: '/dashboard/notifications' });
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load your notifications");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
