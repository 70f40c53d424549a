import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import type { BriefListing } from '@/lib/database';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';

const editedFields = ['title', 'description', 'brief', 'reward', 'tags', 'deadline', 'budget', 'status'] as const;
type EditedField = (typeof editedFields)[number];
const isEditedField = (name: string): name is EditedField => (editedFields as readonly string[]).includes(name);

/** "Updated Dec 3, 2026: deadline, budget": what the brand last changed (brief_listings.edited_at and edited_fields), for the creators who joined. */
export function EditedNote({ brief, className }: { brief: Pick<BriefListing, 'edited_at' | 'edited_fields'>; className?: string }) {
  const { t } = useTranslation('opportunities');
  const language = useLanguage();
  if (!brief.edited_at) return null;
  const names = brief.edited_fields.filter(isEditedField).map((field) => t(`edited.fields.${field}`));
  const fields = new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(names);
  return (
    <p className={cn('text-sm text-slate-600 dark:text-slate-400', className)}>
      {names.length > 0 ? t('edited.note', { date: formatDate(brief.edited_at, language), fields }) : t('edited.noteOnly', { date: formatDate(brief.edited_at, language) })}
    </p>
  );
}
