/** Videos on a page of My Videos. */
export const videosPageSize = 10;

/**
 * Which list My Videos shows, from its address: the tab (?tab=campaign: a creator's videos
 * linked to a campaign; brands have no tabs), the page (?page=, from 1), and for a brand one
 * creator's videos (?creator=) and one brief's (?brief=; a creator's ?brief= only picks the add
 * form's campaign). The page and its route's prefetch read it alike, so both ask for the same list.
 */
export function videoListView(search: URLSearchParams, isCreator: boolean) {
  const tab = isCreator && search.get('tab') === 'campaign' ? 'campaign' : 'all';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const creatorId = (!isCreator && search.get('creator')) || undefined;
  const briefId = (!isCreator && search.get('brief')) || undefined;
  return { tab, page, campaignOnly: tab === 'campaign', creatorId, briefId } as const;
}
