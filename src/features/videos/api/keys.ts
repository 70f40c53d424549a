import { formatPageAt, toPageAt, type PageAt } from '@/lib/paging';

export type VideoListFilter = {
  ownerId: string;
  owner: 'creator' | 'brand';
  /** Where in the list (src/lib/paging.ts); a number is that page, counted from the start. */
  page: PageAt | number;
  pageSize: number;
  campaignOnly?: boolean;
  /** A brand's list: only this creator's videos. */
  creatorId?: string;
  /** Only the videos linked to this brief. */
  briefId?: string;
};

export const videoKeys = {
  all: ['videos'] as const,
  list: (filter: VideoListFilter) => [...videoKeys.all, 'list', { ...filter, page: formatPageAt(toPageAt(filter.page)) }] as const,
  latest: (owner: VideoListFilter['owner'], ownerId: string | undefined) => [...videoKeys.all, 'latest', owner, ownerId] as const,
  snapshots: (videoId: string) => [...videoKeys.all, 'snapshots', videoId] as const,
  preview: (link: string) => [...videoKeys.all, 'preview', link] as const,
};
