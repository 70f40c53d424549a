export type RuntimeConfig = {
  supabaseUrl: string;
  /** The project's publishable key (sb_publishable_…), or its legacy anon key. */
  supabasePublishableKey: string;
  /** Local mode without TikTok keys: data comes from the TikTok sandbox, and the UI says so. */
  tiktokSandbox: boolean;
  /** The embeddable player, https://www.tiktok.com/player/v1 or the sandbox's stand-in. */
  tiktokPlayerUrl: string;
};

type ConfigJson = Partial<RuntimeConfig> & { tiktok?: { sandbox?: unknown; playerUrl?: unknown } };

const realPlayer = 'https://www.tiktok.com/player/v1';

/** Where the local backend writes the configuration into index.html (server/http/static.ts). */
export const configElementId = 'viewpact-config';

// Checked by hand rather than with zod, which would otherwise ship on the landing page.
function checked(value: ConfigJson): RuntimeConfig {
  const { supabaseUrl, supabasePublishableKey } = value;
  if (typeof supabaseUrl !== 'string' || !/^https?:\/\/\S+$/.test(supabaseUrl)) throw new Error('The Supabase URL is missing or not a URL');
  if (typeof supabasePublishableKey !== 'string' || supabasePublishableKey.length < 20) throw new Error('The Supabase publishable key is missing');
  // Hosted Supabase refuses a secret key from a browser; it must not be in the page at all.
  if (supabasePublishableKey.startsWith('sb_secret_')) throw new Error('A secret key was given where the publishable key belongs');
  const playerUrl = typeof value.tiktok?.playerUrl === 'string' && /^https?:\/\//.test(value.tiktok.playerUrl) ? value.tiktok.playerUrl : realPlayer;
  return { supabaseUrl, supabasePublishableKey, tiktokSandbox: value.tiktok?.sandbox === true, tiktokPlayerUrl: playerUrl };
}

let current: RuntimeConfig | undefined;

/** The configuration the page carries, when the local backend wrote it in (no request needed). */
function fromDocument(): RuntimeConfig | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(configElementId);
  if (!element?.textContent) return undefined;
  return checked(JSON.parse(element.textContent) as ConfigJson);
}

/** The build's VITE_ variables, when set (hosted Supabase); the legacy anon key only without a publishable key. */
function fromBuild(): RuntimeConfig | undefined {
  const url = import.meta.env.VITE_SUPABASE_URL;
  const key = import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY || import.meta.env.VITE_SUPABASE_ANON_KEY;
  if (!url || !key) return undefined;
  return checked({ supabaseUrl: url, supabasePublishableKey: key, tiktok: { sandbox: false, playerUrl: import.meta.env.VITE_TIKTOK_PLAYER_URL } });
}

/**
 * The configuration when it is known without a request: written into index.html by the
 * local backend, else the build's VITE_ variables. Undefined when only /config.json can say.
 */
export function readRuntimeConfig(): RuntimeConfig | undefined {
  const known = fromDocument() ?? fromBuild();
  if (known) current = known;
  return known;
}

/**
 * Where the Supabase API is: from the page (the local backend writes it into index.html),
 * else from the build's VITE_ variables (hosted Supabase), else from /config.json, which
 * the local backend also serves (for a page served by something else).
 */
export async function loadRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  const known = readRuntimeConfig();
  if (known) return known;
  const response = await fetcher('/config.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  current = checked((await response.json()) as ConfigJson);
  return current;
}

/** The configuration the app started with. */
export function runtimeConfig(): RuntimeConfig {
  return current ?? { supabaseUrl: '', supabasePublishableKey: '', tiktokSandbox: false, tiktokPlayerUrl: realPlayer };
}

/** For tests: the configuration as if loaded. */
export function setRuntimeConfig(config: RuntimeConfig) {
  current = config;
}
