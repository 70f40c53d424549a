import '@/i18n/content';
import { LegalDocument } from '../components/content/legal-document';

export default function PrivacyPage() {
  return <LegalDocument doc="privacy" />;
}
