import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enContent from './locales/en/content.json';
import enDashboard from './locales/en/dashboard.json';
import enMarketing from './locales/en/marketing.json';
import enSettings from './locales/en/settings.json';
import thAuth from './locales/th/auth.json';
import thCommon from './locales/th/common.json';
import thContent from './locales/th/content.json';
import thDashboard from './locales/th/dashboard.json';
import thMarketing from './locales/th/marketing.json';
import thSettings from './locales/th/settings.json';

export const languages = ['en', 'th'] as const;
export type Language = (typeof languages)[number];

export const resources = {
  en: { common: enCommon, marketing: enMarketing, content: enContent, auth: enAuth, dashboard: enDashboard, settings: enSettings },
  th: { common: thCommon, marketing: thMarketing, content: thContent, auth: thAuth, dashboard: thDashboard, settings: thSettings },
} as const;

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
