import { send, stat, type Stat } from './replay';
import { signIn } from './spec-approach';

export type NotificationsResult = {
  /** Notifications in the database. */
  total: number;
  accounts: { label: string; unread: number; count: Stat; firstPage: Stat; poll: Stat }[];
};

type Account = { label: string; email: string; password: string };

/**
 * Issue 16: the header's unread count (public.unread_notification_count), which every dashboard
 * page asks on load, and the notifications page's first page, each sent `iterations` times in a
 * row over a kept-alive connection as the SPA sends them. Issue 29: the change poll
 * (public.my_changes), which every open dashboard asks every 3 seconds, `pollIterations` times.
 */
export async function measureNotifications(
  baseUrl: string,
  anonKey: string,
  accounts: Account[],
  total: number,
  iterations: number,
  pollIterations = iterations,
): Promise<NotificationsResult> {
  const results: NotificationsResult['accounts'] = [];
  for (const account of accounts) {
    const token = await signIn(baseUrl, anonKey, account);
    const headers = { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const count = { name: 'rpc/unread_notification_count', method: 'POST', path: '/rest/v1/rpc/unread_notification_count', headers, body: '{}' };
    const page = {
      name: 'notifications page 1',
      method: 'GET',
      path: '/rest/v1/notifications?select=id,type,params,created_at,read_at&order=created_at.desc,id.desc&offset=0&limit=20',
      headers: { ...headers, prefer: 'count=exact' },
      body: null,
    };
    const poll = { name: 'rpc/my_changes', method: 'POST', path: '/rest/v1/rpc/my_changes', headers, body: '{}' };
    const unread = Number((await send(baseUrl, count)).body);
    const countMs: number[] = [];
    const pageMs: number[] = [];
    for (let i = 0; i < iterations; i += 1) {
      countMs.push((await send(baseUrl, count)).ms);
      pageMs.push((await send(baseUrl, page)).ms);
    }
    const pollMs: number[] = [];
    for (let i = 0; i < pollIterations; i += 1) pollMs.push((await send(baseUrl, poll)).ms);
    results.push({ label: account.label, unread, count: stat(countMs), firstPage: stat(pageMs), poll: stat(pollMs) });
  }
  return { total, accounts: results };
}
