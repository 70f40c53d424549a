import { queryOptions, useQuery } from '@tanstack/react-query';
import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { opportunityKeys } from './keys';

export type BrandCreator = {
  id: string;
  /** Null when the creator gave no name. */
  name: string | null;
  tiktokUsername: string | null;
  followerCount: number | null;
  briefs: string[];
};

/** The creators who joined a brand's briefs, with the briefs they joined (RLS: the brand sees these only). */
export async function getBrandCreators(brandId: string): Promise<BrandCreator[]> {
  const { data, error } = await supabase()
    .from('creator_brand_connections')
    .select('creator_id, created_at, brief:brand_briefs!inner(title, brand_id), creator:profiles(first_name, last_name, tiktok_username, follower_count)')
    .eq('brief.brand_id', brandId)
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error, 'opportunities_load_failed');
  const creators = new Map<string, BrandCreator>();
  for (const row of data) {
    const known = creators.get(row.creator_id);
    if (known) {
      known.briefs.push(row.brief.title);
      continue;
    }
    const name = [row.creator?.first_name, row.creator?.last_name].filter(Boolean).join(' ').trim();
    creators.set(row.creator_id, {
      id: row.creator_id,
      name: name || null,
      tiktokUsername: row.creator?.tiktok_username ?? null,
      followerCount: row.creator?.follower_count ?? null,
      briefs: [row.brief.title],
    });
  }
  return [...creators.values()];
}

export const useBrandCreators = (brandId: string | undefined) =>
  useQuery(queryOptions({ queryKey: opportunityKeys.creators(brandId), queryFn: () => getBrandCreators(brandId!), enabled: Boolean(brandId) }));
