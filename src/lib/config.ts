export type RuntimeConfig = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Local mode without TikTok keys: data comes from the TikTok sandbox, and the UI says so. */
  tiktokSandbox: boolean;
  /** The embeddable player, https://www.tiktok.com/player/v1 or the sandbox's stand-in. */
  tiktokPlayerUrl: string;
};

const realPlayer = 'https://www.tiktok.com/player/v1';

// Checked by hand rather than with zod, which would otherwise ship on the landing page.
function checked(value: Partial<RuntimeConfig> & { tiktok?: { sandbox?: unknown; playerUrl?: unknown } }): RuntimeConfig {
  const { supabaseUrl, supabaseAnonKey } = value;
  if (typeof supabaseUrl !== 'string' || !/^https?:\/\/\S+$/.test(supabaseUrl)) throw new Error('The Supabase URL is missing or not a URL');
  if (typeof supabaseAnonKey !== 'string' || supabaseAnonKey.length < 20) throw new Error('The Supabase anon key is missing');
  const playerUrl = typeof value.tiktok?.playerUrl === 'string' && /^https?:\/\//.test(value.tiktok.playerUrl) ? value.tiktok.playerUrl : realPlayer;
  return { supabaseUrl, supabaseAnonKey, tiktokSandbox: value.tiktok?.sandbox === true, tiktokPlayerUrl: playerUrl };
}

let current: RuntimeConfig | undefined;

/**
 * Where the Supabase API is: from the build's VITE_ variables when set (hosted
 * Supabase), else from /config.json, which the local backend serves.
 */
export async function loadRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  const url = import.meta.env.VITE_SUPABASE_URL;
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY;
  if (url && key) {
    current = checked({ supabaseUrl: url, supabaseAnonKey: key, tiktok: { sandbox: false, playerUrl: import.meta.env.VITE_TIKTOK_PLAYER_URL } });
    return current;
  }
  const response = await fetcher('/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  current = checked((await response.json()) as Partial<RuntimeConfig>);
  return current;
}

/** The configuration the app started with. */
export function runtimeConfig(): RuntimeConfig {
  return current ?? { supabaseUrl: '', supabaseAnonKey: '', tiktokSandbox: false, tiktokPlayerUrl: realPlayer };
}

/** For tests: the configuration as if loaded. */
export function setRuntimeConfig(config: RuntimeConfig) {
  current = config;
}
