import admin from '../locales/th/admin.json';
import auth from '../locales/th/auth.json';
import dashboard from '../locales/th/dashboard.json';
import earnings from '../locales/th/earnings.json';
import errors from '../locales/th/errors.json';
import opportunities from '../locales/th/opportunities.json';
import payments from '../locales/th/payments.json';
import settings from '../locales/th/settings.json';
import videos from '../locales/th/videos.json';

/** The signed-in app's and the auth pages' texts in Thai (the "app" group of src/i18n/index.ts). */
export default { admin, auth, dashboard, earnings, errors, opportunities, payments, settings, videos };
