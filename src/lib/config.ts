export type RuntimeConfig = { supabaseUrl: string; supabaseAnonKey: string };

// Checked by hand rather than with zod, which would otherwise ship on the landing page.
function checked(value: Partial<RuntimeConfig>): RuntimeConfig {
  const { supabaseUrl, supabaseAnonKey } = value;
  if (typeof supabaseUrl !== 'string' || !/^https?:\/\/\S+$/.test(supabaseUrl)) throw new Error('The Supabase URL is missing or not a URL');
  if (typeof supabaseAnonKey !== 'string' || supabaseAnonKey.length < 20) throw new Error('The Supabase anon key is missing');
  return { supabaseUrl, supabaseAnonKey };
}

/**
 * Where the Supabase API is: from the build's VITE_ variables when set (hosted
 * Supabase), else from /config.json, which the local backend serves.
 */
export async function loadRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  const url = import.meta.env.VITE_SUPABASE_URL;
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY;
  if (url && key) return checked({ supabaseUrl: url, supabaseAnonKey: key });
  const response = await fetcher('/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return checked((await response.json()) as Partial<RuntimeConfig>);
}
