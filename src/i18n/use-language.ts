import { useTranslation } from 'react-i18next';
import type { Language } from './index';

/** The interface language, for formatting dates, numbers and money. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'th' ? 'th' : 'en';
}
