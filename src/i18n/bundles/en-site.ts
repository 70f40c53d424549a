import common from '../locales/en/common.json';
import marketing from '../locales/en/marketing.json';

/** The public pages' texts in English (the "site" group of src/i18n/index.ts). */
export default { common, marketing };
