import { formatPageAt, type PageAt } from '@/lib/paging';

export const notificationKeys = {
  all: ['notifications'] as const,
  /** The lists a reader sees (the menu's latest and the page's pages): marking read changes them all. */
  lists: (userId: string | undefined) => [...notificationKeys.all, 'lists', userId] as const,
  latest: (userId: string | undefined) => [...notificationKeys.lists(userId), 'latest'] as const,
  page: (userId: string | undefined, at: PageAt) => [...notificationKeys.lists(userId), 'page', formatPageAt(at)] as const,
  unread: (userId: string | undefined) => [...notificationKeys.all, 'unread', userId] as const,
  settings: (userId: string | undefined) => [...notificationKeys.all, 'settings', userId] as const,
  emailTypes: (userId: string | undefined) => [...notificationKeys.all, 'email-types', userId] as const,
};
