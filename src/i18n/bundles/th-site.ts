import common from '../locales/th/common.json';
import marketing from '../locales/th/marketing.json';

/** The public pages' texts in Thai (the "site" group of src/i18n/index.ts). */
export default { common, marketing };
