import { defaultChatUrl } from './site-defaults';

/**
 * Site details that are configuration, not code (README: VITE_SUPPORT_EMAIL,
 * VITE_CHAT_URL, VITE_CREDIT_LINE), with sensible defaults.
 */
export const siteConfig = {
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@viewpact.app',
  chatUrl: import.meta.env.VITE_CHAT_URL || defaultChatUrl,
  creditLine: import.meta.env.VITE_CREDIT_LINE || 'ViewPact Labs',
} as const;
