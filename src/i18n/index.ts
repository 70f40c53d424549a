import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import englishSite from './bundles/en-site';
import type { resources } from './resources';
import { languageCookie, languageStorageKey } from '@/lib/prerendered';

export const languages = ['en', 'th'] as const;
export type Language = (typeof languages)[number];

type Namespace = keyof (typeof resources)['en'];
type Bundle = { default: Partial<Record<Namespace, object>> };

/**
 * The texts load in groups, each one request per language, when a page needs them: "site"
 * for the public pages, "app" for the sign-in pages and the dashboards. English is the
 * fallback language, so its site texts come with the app itself. The long texts of the
 * content pages come with those pages (src/i18n/content.ts).
 */
const groups = {
  site: { namespaces: ['common', 'marketing'], en: async () => ({ default: englishSite }), th: () => import('./bundles/th-site') },
  app: {
    namespaces: ['admin', 'auth', 'dashboard', 'earnings', 'errors', 'opportunities', 'payments', 'settings', 'videos'],
    en: () => import('./bundles/en-app'),
    th: () => import('./bundles/th-app'),
  },
} satisfies Record<string, { namespaces: Namespace[] } & Record<Language, () => Promise<Bundle>>>;

export type TextGroup = keyof typeof groups;

/** Every namespace, in the groups that load them. */
export const namespaces: Namespace[] = [...groups.site.namespaces, ...groups.app.namespaces];

/**
 * Every namespace, for typing t(): the long texts of the content pages (features, about,
 * help, terms, privacy) are loaded with those pages only (src/i18n/content.ts).
 */
export type AllResources = (typeof resources)['en'] & { content: typeof import('./locales/en/content.json') };

const loading = new Map<string, Promise<Bundle>>();

/** Reads a namespace from its group's bundle (one request per group and language). */
const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const group = (Object.keys(groups) as TextGroup[]).find((name) => (groups[name].namespaces as string[]).includes(namespace));
    if (!group || !isLanguage(language)) {
      callback(new Error(`No texts for ${language}/${namespace}`), false);
      return;
    }
    const key = `${group}/${language}`;
    if (!loading.has(key)) loading.set(key, groups[group][language]());
    loading
      .get(key)!
      .then((bundle) => callback(null, bundle.default[namespace as Namespace] ?? {}))
      .catch((error: unknown) => {
        loading.delete(key);
        callback(error instanceof Error ? error : new Error(String(error)), true);
      });
  },
};

/** Loads a group of texts, in the current language (and English, the fallback), before a page that uses them shows. */
export const loadTexts = (group: TextGroup) => i18n.loadNamespaces(groups[group].namespaces);


export const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

/** The remembered choice, else the browser's language when it is Thai, else English. */
export function detectLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(languageStorageKey) : null;
  if (isLanguage(stored)) return stored;
  return typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('th') ? 'th' : 'en';
}

/** Starts i18next in `language` with the given groups of texts loaded (the public pages' by default). */
export async function initI18n(language: Language = detectLanguage(), startWith: TextGroup[] = ['site']) {
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      resources: { en: englishSite },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...languages],
      defaultNS: 'common',
      ns: startWith.flatMap((group) => groups[group].namespaces),
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  if (typeof document === 'undefined') return i18n;
  document.documentElement.lang = language;
  i18n.on('languageChanged', (next) => {
    document.documentElement.lang = next;
    localStorage.setItem(languageStorageKey, next);
    // The local backend serves the landing page drawn in this language (server/http/static.ts).
    document.cookie = `${languageCookie}=${next}; path=/; max-age=31536000; samesite=lax`;
  });
  return i18n;
}

export { i18n };
