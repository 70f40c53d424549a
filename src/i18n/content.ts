import en from './locales/en/content.json';
import th from './locales/th/content.json';
import { i18n } from './index';

export const contentResources = { en, th };

function register() {
  if (i18n.hasResourceBundle('en', 'content')) return;
  i18n.addResourceBundle('en', 'content', en);
  i18n.addResourceBundle('th', 'content', th);
}

// Imported by the content pages, which are loaded on demand: their texts come with them.
if (i18n.isInitialized) register();
else i18n.on('initialized', register);
