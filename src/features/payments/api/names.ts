import { toAppError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * The names lists show for users, by id: a creator's first and last name (else their TikTok
 * username), a brand's name (first_name, else first and last name). Admins read every
 * profile; null when there is no name to show.
 */
export async function getNames(ids: string[]): Promise<Map<string, string | null>> {
  const names = new Map<string, string | null>();
  if (ids.length === 0) return names;
  const { data, error } = await supabase().from('profiles').select('id, user_type, first_name, last_name, tiktok_username').in('id', ids);
  if (error) throw toAppError(error, 'internal_error');
  for (const profile of data) {
    const full = [profile.first_name, profile.last_name].map((part) => part?.trim()).filter(Boolean).join(' ');
    const name = profile.user_type === 'brand' ? profile.first_name?.trim() || full : full || (profile.tiktok_username ? `@${profile.tiktok_username}` : '');
    names.set(profile.id, name || null);
  }
  return names;
}

export const uniqueIds = (ids: string[]) => [...new Set(ids)];
