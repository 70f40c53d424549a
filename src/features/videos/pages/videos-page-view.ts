import { parsePageAt } from '@/lib/paging';

/** Videos on a page of My Videos. */
export const videosPageSize = 10;

/**
 * Which list My Videos shows, from its address: the tab (?tab=campaign: a creator's videos
 * linked to a campaign; brands have no tabs), the page (?page=, src/lib/paging.ts), and for a brand one
 * creator's videos (?creator=) and one brief's (?brief=). A creator's ?brief= is "add a video to
 * this campaign": the Brand Campaign tab, its add form on that campaign. The page and its route's
 * prefetch read it alike, so both ask for the same list.
 */
export function videoListView(search: URLSearchParams, isCreator: boolean) {
  const tab = isCreator && (search.get('tab') === 'campaign' || search.has('brief')) ? 'campaign' : 'all';
  const page = parsePageAt(search.get('page'));
  const creatorId = (!isCreator && search.get('creator')) || undefined;
  const briefId = (!isCreator && search.get('brief')) || undefined;
  return { tab, page, campaignOnly: tab === 'campaign', creatorId, briefId } as const;
}
