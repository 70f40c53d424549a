import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enDashboard from './locales/en/dashboard.json';
import enErrors from './locales/en/errors.json';
import enMarketing from './locales/en/marketing.json';
import enOpportunities from './locales/en/opportunities.json';
import enSettings from './locales/en/settings.json';
import enVideos from './locales/en/videos.json';
import thAuth from './locales/th/auth.json';
import thCommon from './locales/th/common.json';
import thDashboard from './locales/th/dashboard.json';
import thErrors from './locales/th/errors.json';
import thMarketing from './locales/th/marketing.json';
import thOpportunities from './locales/th/opportunities.json';
import thSettings from './locales/th/settings.json';
import thVideos from './locales/th/videos.json';

export const languages = ['en', 'th'] as const;
export type Language = (typeof languages)[number];

/** The namespaces every page needs, loaded with the app. */
export const resources = {
  en: { common: enCommon, marketing: enMarketing, auth: enAuth, dashboard: enDashboard, settings: enSettings, videos: enVideos, opportunities: enOpportunities, errors: enErrors },
  th: { common: thCommon, marketing: thMarketing, auth: thAuth, dashboard: thDashboard, settings: thSettings, videos: thVideos, opportunities: thOpportunities, errors: thErrors },
} as const;

/**
 * Every namespace, for typing t(): the long texts of the content pages (features, about,
 * help, terms, privacy) are loaded with those pages only (src/i18n/content.ts).
 */
export type AllResources = (typeof resources)['en'] & { content: typeof import('./locales/en/content.json') };

export const namespaces = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];

const storageKey = 'viewpact.language';

export const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

/** The remembered choice, else the browser's language when it is Thai, else English. */
export function detectLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(storageKey) : null;
  if (isLanguage(stored)) return stored;
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('th') ? 'th' : 'en';
}

export async function initI18n(language: Language = detectLanguage()) {
  await i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...languages],
    defaultNS: 'common',
    ns: namespaces,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  i18n.on('languageChanged', (next) => {
    document.documentElement.lang = next;
    localStorage.setItem(storageKey, next);
  });
  return i18n;
}

export { i18n };
