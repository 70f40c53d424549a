import 'i18next';
import type { AllResources } from './index';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: AllResources;
  }
}
