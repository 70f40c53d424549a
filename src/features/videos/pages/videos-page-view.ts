/** Videos on a page of My Videos. */
export const videosPageSize = 10;

/**
 * Which list My Videos shows, from its address: the tab (?tab=campaign: a creator's videos
 * linked to a campaign; brands have no tabs) and the page (?page=, from 1). The page and its
 * route's prefetch read it alike, so both ask for the same list.
 */
export function videoListView(search: URLSearchParams, isCreator: boolean) {
  const tab = isCreator && search.get('tab') === 'campaign' ? 'campaign' : 'all';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return { tab, page, campaignOnly: tab === 'campaign' } as const;
}
