import enAdmin from './locales/en/admin.json';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enDashboard from './locales/en/dashboard.json';
import enEarnings from './locales/en/earnings.json';
import enErrors from './locales/en/errors.json';
import enMarketing from './locales/en/marketing.json';
import enOpportunities from './locales/en/opportunities.json';
import enPayments from './locales/en/payments.json';
import enSettings from './locales/en/settings.json';
import enVideos from './locales/en/videos.json';
import thAdmin from './locales/th/admin.json';
import thAuth from './locales/th/auth.json';
import thCommon from './locales/th/common.json';
import thDashboard from './locales/th/dashboard.json';
import thEarnings from './locales/th/earnings.json';
import thErrors from './locales/th/errors.json';
import thMarketing from './locales/th/marketing.json';
import thOpportunities from './locales/th/opportunities.json';
import thPayments from './locales/th/payments.json';
import thSettings from './locales/th/settings.json';
import thVideos from './locales/th/videos.json';

/**
 * Every namespace but the content pages' texts (src/i18n/content.ts), in both languages, at
 * once: for types and tests. The app loads them in groups as pages need them (src/i18n/index.ts).
 */
export const resources = {
  en: { admin: enAdmin, common: enCommon, marketing: enMarketing, auth: enAuth, dashboard: enDashboard, settings: enSettings, videos: enVideos, opportunities: enOpportunities, errors: enErrors, earnings: enEarnings, payments: enPayments },
  th: { admin: thAdmin, common: thCommon, marketing: thMarketing, auth: thAuth, dashboard: thDashboard, settings: thSettings, videos: thVideos, opportunities: thOpportunities, errors: thErrors, earnings: thEarnings, payments: thPayments },
} as const;
