/**
 * Every route of the SPA (spec §2), in one place: `path` is what the router matches,
 * `getHref()` what a link or a redirect goes to. No other module writes a route.
 */

type Query = Record<string, string | number | null | undefined>;

/** path?query#hash, leaving out empty query values. */
function href(path: string, query: Query = {}, hash?: string) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return `${path}${text ? `?${text}` : ''}${hash ? `#${hash}` : ''}`;
}

const route = (path: string) => ({ path, getHref: () => path });

export const paths = {
  home: route('/'),
  features: route('/features'),
  about: route('/about'),
  help: { path: '/help', getHref: (hash?: string) => href('/help', {}, hash) },
  terms: route('/terms'),
  privacy: route('/privacy'),

  auth: {
    /** `from`: where to go back to after signing in. */
    login: { path: '/login', getHref: (from?: string | null) => href('/login', { from }) },
    /** `type` picks the tab; `brand`: the brand whose invite link led here. */
    register: { path: '/register', getHref: (query: { type?: string; brand?: string } = {}) => href('/register', query) },
    signup: { path: '/signup', getHref: (query: { type?: string; brand?: string } = {}) => href('/signup', query) },
    forgotPassword: route('/forgot-password'),
    resetPassword: route('/reset-password'),
  },

  /** The TikTok authorization callback (popup). */
  connect: route('/connect'),
  /** Where admins land after signing in (spec §2); it leads to the admin dashboard. */
  admin: route('/admin'),

  dashboard: {
    root: route('/dashboard'),
    creator: route('/dashboard/creator'),
    brand: route('/dashboard/brand'),
    admin: route('/dashboard/admin'),
    /**
     * `brief`: for a creator, with tab campaign, the campaign the add form starts on (the next step
     * after joining); for a brand, the list shows only that brief's videos. `creator`: a brand's
     * list shows only that creator's videos, under their counted views and spend.
     */
    videos: {
      path: '/dashboard/videos',
      getHref: (query: { tab?: 'campaign'; page?: number; brief?: string; creator?: string } = {}) => href('/dashboard/videos', query),
    },
    opportunities: {
      path: '/dashboard/opportunities',
      getHref: (query: { status?: string; brand?: string; brief?: string } = {}) => href('/dashboard/opportunities', query),
    },
    notifications: route('/dashboard/notifications'),
    earnings: route('/dashboard/earnings'),
    payments: route('/dashboard/payments'),
    /** `brief`: only the creators who joined that brief, with what they did for it. */
    creators: { path: '/dashboard/creators', getHref: (query: { brief?: string } = {}) => href('/dashboard/creators', query) },
    settings: { path: '/dashboard/settings', getHref: (query: { tab?: 'profile' | 'account' | 'integrations' | 'notifications' | 'payouts' } = {}) => href('/dashboard/settings', query) },
    profile: route('/dashboard/profile'),
  },
} as const;
