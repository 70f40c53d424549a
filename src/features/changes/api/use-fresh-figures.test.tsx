import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuth } from '@/features/auth/api/use-auth';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { creatorUser, profileOf } from '@/testing/data';
import { apiUrl, server } from '@/testing/msw';
import { renderPage } from '@/testing/render';
import { profileRow, rpc } from '@/testing/supabase';
import { useFreshFigures } from './use-fresh-figures';

/** The dashboard frame's part of it: the watcher, and the count the bell shows. */
function Frame() {
  const { user } = useAuth();
  useFreshFigures(user?.id);
  const unread = useUnreadCount(user?.id);
  return <p role="status">{unread.data === undefined ? 'no count' : `${unread.data} unread`}</p>;
}

describe('useFreshFigures', () => {
  it('asks my_changes as the signed-in user, and the bell’s count becomes the one it answers', async () => {
    const asked: (string | null)[] = [];
    server.use(
      profileRow(profileOf(creatorUser)),
      // Read when the bell first shows: the watcher's answer, newer, replaces it.
      rpc('unread_notification_count', 0),
      http.post(`${apiUrl}/rest/v1/rpc/my_changes`, ({ request }) => {
        asked.push(request.headers.get('authorization'));
        return HttpResponse.json({ money: 4, money_at: null, auto_approved_at: null, news: 9, unread: 3, now: new Date().toISOString() });
      }),
    );
    await renderPage(<Frame />, { user: creatorUser });
    expect(await screen.findByText('3 unread')).toBeInTheDocument();
    expect(asked[0]).toMatch(/^Bearer /);
  });
});
