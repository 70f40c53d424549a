import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DateField } from '@/components/ui/date-field';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { BriefListing } from '@/lib/database';
import { showRefusal } from '@/lib/field-errors';
import { toastError } from '@/lib/notify';
import { tagsFieldLength, textLimits } from '@/lib/text-limits';
import { satangToBahtText } from '../api/budget-input';
import { editOpportunitySchema, editRefusalFields, useUpdateOpportunity, type EditOpportunityInput } from '../api/update-opportunity';

type EditedBrief = Pick<BriefListing, 'id' | 'title' | 'description' | 'brief' | 'reward' | 'industry' | 'deadline' | 'status' | 'budget_satang'>;

const briefStatuses = ['open', 'matched', 'closed'] as const;

/** The form's values for a brief as it stands. */
export const editValuesOf = (brief: EditedBrief): EditOpportunityInput => ({
  title: brief.title,
  description: brief.description,
  brief: brief.brief ?? '',
  reward: brief.reward ?? '',
  tags: brief.industry.join(', '),
  deadline: brief.deadline ?? '',
  status: brief.status,
  budget: satangToBahtText(brief.budget_satang),
});

/**
 * The owning brand edits everything it published (issue 15): the create form's fields, the
 * longer brief text and the status. A deadline or budget the database refuses is explained
 * under its field; creators who joined see what changed.
 */
export function EditOpportunityDialog({ brief }: { brief: EditedBrief }) {
  const { t } = useTranslation(['opportunities', 'common']);
  const [open, setOpen] = useState(false);
  const update = useUpdateOpportunity();
  const optional = t('create.optional');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`${t('edit.open')}: ${brief.title}`}>
          <Pencil aria-hidden className="size-4" />
          {t('edit.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogTitle className="pr-8 text-lg font-semibold">{t('edit.title', { title: brief.title })}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('edit.text')}</DialogDescription>
        <Form
          schema={editOpportunitySchema}
          options={{ defaultValues: editValuesOf(brief) }}
          className="mt-4 space-y-4"
          onSubmit={(values, { setError }) =>
            update.mutate(
              { briefId: brief.id, ...values },
              {
                onSuccess: () => {
                  toast.success(t('edit.saved'));
                  setOpen(false);
                },
                onError: (error) => void (showRefusal(error, editRefusalFields, setError) || toastError(error)),
              },
            )
          }
        >
          {({ register, formState }) => (
            <>
              <Field label={t('create.fields.title')} registration={register('title')}>
                <Input maxLength={textLimits.briefTitle} />
              </Field>
              <Field label={t('create.fields.description')} registration={register('description')}>
                <Textarea rows={3} maxLength={textLimits.briefDescription} />
              </Field>
              <Field label={t('edit.fields.brief')} optional={optional} hint={t('edit.fields.briefHint')} registration={register('brief')}>
                <Textarea rows={5} maxLength={textLimits.briefText} />
              </Field>
              <Field label={t('create.fields.reward')} optional={optional} hint={t('edit.fields.rewardHint')} registration={register('reward')}>
                <Input maxLength={textLimits.reward} placeholder={t('create.fields.rewardPlaceholder')} />
              </Field>
              <Field label={t('create.fields.tags')} optional={optional} hint={t('create.fields.tagsHint')} registration={register('tags')}>
                <Input placeholder={t('create.fields.tagsPlaceholder')} maxLength={tagsFieldLength} />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t('create.fields.deadline')} optional={optional} registration={register('deadline')}>
                  <DateField clearable />
                </Field>
                <Field label={t('dialog.status')} registration={register('status')}>
                  <Select>
                    {briefStatuses.map((status) => (
                      <option key={status} value={status}>
                        {t(`status.${status}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
              </div>
              <Field label={t('create.fields.budget')} optional={optional} hint={t('create.fields.budgetHint')} registration={register('budget')}>
                <Input inputMode="decimal" autoComplete="off" placeholder={t('create.fields.budgetPlaceholder')} />
              </Field>
              <div className="flex justify-end">
                <Button type="submit" disabled={update.isPending || !formState.isValid}>
                  {update.isPending ? t('edit.saving') : t('edit.save')}
                </Button>
              </div>
            </>
          )}
        </Form>
      </DialogContent>
    </Dialog>
  );
}
