import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import demoThaiTexts from '@shared/demo-texts.th.json';

/**
 * The Thai of the demo data (supabase/seed.sql). What brands and creators write is shown as they
 * wrote it, in one language; the demo rows are ours, written in English in the seed, so their
 * Thai lives here and a Thai reader sees a Thai demo. Only rows marked is_demo are translated,
 * matched by their exact English text (a unit test checks every entry is in the seed). The texts
 * are in supabase/functions/_shared/demo-texts.th.json, which the notifications and e-mails
 * (render.ts, on Deno too) read as well.
 */
export const demoThai: Readonly<Record<string, string>> = demoThaiTexts;

/** A demo row's text in the reader's language; anything else exactly as written. */
export function demoText(text: string, isDemo: boolean | null | undefined, language: 'en' | 'th'): string;
export function demoText(text: string | null, isDemo: boolean | null | undefined, language: 'en' | 'th'): string | null;
export function demoText(text: string | null, isDemo: boolean | null | undefined, language: 'en' | 'th') {
  return language === 'th' && isDemo && text !== null ? (demoThai[text] ?? text) : text;
}

/** demoText in the interface language: `shown(row.title, row.is_demo)`. */
export function useDemoText() {
  const language = useLanguage();
  return <T extends string | null>(text: T, isDemo: boolean | null | undefined) => demoText(text, isDemo, language) as T;
}

/** A video's title as shown: its own (a demo video's in the reader's language), else "Untitled" in the reader's words. */
export function useVideoTitle() {
  const { t } = useTranslation('common');
  const shown = useDemoText();
  return (video: { title: string | null; is_demo: boolean | null }) => shown(video.title?.trim() || null, video.is_demo) || t('video.fallbackTitle');
}
