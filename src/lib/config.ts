import { z } from 'zod';

const runtimeConfig = z.object({
  supabaseUrl: z.url(),
  supabaseAnonKey: z.string().min(20),
});

export type RuntimeConfig = z.infer<typeof runtimeConfig>;

/**
 * Where the Supabase API is: from the build's VITE_ variables when set (hosted
 * Supabase), else from /config.json, which the local backend serves.
 */
export async function loadRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (url && key) return runtimeConfig.parse({ supabaseUrl: url, supabaseAnonKey: key });
  const response = await fetcher('/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return runtimeConfig.parse(await response.json());
}
