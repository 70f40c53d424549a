import admin from '../locales/en/admin.json';
import auth from '../locales/en/auth.json';
import dashboard from '../locales/en/dashboard.json';
import earnings from '../locales/en/earnings.json';
import errors from '../locales/en/errors.json';
import opportunities from '../locales/en/opportunities.json';
import payments from '../locales/en/payments.json';
import settings from '../locales/en/settings.json';
import videos from '../locales/en/videos.json';

/** The signed-in app's and the auth pages' texts in English (the "app" group of src/i18n/index.ts). */
export default { admin, auth, dashboard, earnings, errors, opportunities, payments, settings, videos };
