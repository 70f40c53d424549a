import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { showRefusal } from '@/lib/field-errors';
import { toastError } from '@/lib/notify';
import { bangkokToday } from '@/lib/months';
import { tagsFieldLength, textLimits } from '@/lib/text-limits';
import { Textarea } from '@/components/ui/textarea';
import { createOpportunitySchema, opportunityRefusalFields, useCreateOpportunity } from '../api/create-opportunity';

/** Spec §2: Create New Opportunity — disabled until title and description are filled; a budget may cap its spend (rule 11). */
export function CreateOpportunityForm() {
  const { t } = useTranslation('opportunities');
  const create = useCreateOpportunity();
  const optional = t('create.optional');

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('create.title')}</h2>
      <Form
        schema={createOpportunitySchema}
        options={{ defaultValues: { title: '', description: '', reward: '', tags: '', deadline: '', budget: '' } }}
        className="mt-5 grid gap-4 md:grid-cols-2"
        onSubmit={(values, { reset, setError }) =>
          create.mutate(values, {
            onSuccess: () => {
              reset();
              toast.success(t('messages.created'));
            },
            // A refusal of a field under that field; the others as a toast.
            onError: (error) => void (showRefusal(error, opportunityRefusalFields, setError) || toastError(error)),
          })
        }
      >
        {({ register, formState, trigger, getFieldState }) => (
          <>
            <Field className="md:col-span-2" label={t('create.fields.title')} registration={register('title')}>
              <Input placeholder={t('create.fields.titlePlaceholder')} maxLength={textLimits.briefTitle} />
            </Field>
            <Field className="md:col-span-2" label={t('create.fields.description')} registration={register('description')}>
              <Textarea rows={4} placeholder={t('create.fields.descriptionPlaceholder')} maxLength={textLimits.briefDescription} />
            </Field>
            <Field label={t('create.fields.reward')} optional={optional} registration={register('reward')}>
              <Input placeholder={t('create.fields.rewardPlaceholder')} maxLength={textLimits.reward} />
            </Field>
            <Field label={t('create.fields.tags')} optional={optional} hint={t('create.fields.tagsHint')} registration={register('tags')}>
              <Input placeholder={t('create.fields.tagsPlaceholder')} maxLength={tagsFieldLength} />
            </Field>
            <Field label={t('create.fields.deadline')} optional={optional} registration={register('deadline')}>
              <DateField min={bangkokToday()} clearable />
            </Field>
            <Field
              label={t('create.fields.budget')}
              optional={optional}
              hint={t('create.fields.budgetHint')}
              registration={register('budget', {
                // The button stays disabled while the amount is not a number: say why once the field is left, and clear it as it is fixed.
                onBlur: () => void trigger('budget'),
                onChange: () => void (getFieldState('budget').invalid && trigger('budget')),
              })}
            >
              <Input inputMode="decimal" autoComplete="off" placeholder={t('create.fields.budgetPlaceholder')} />
            </Field>
            <div className="flex items-end md:col-span-2">
              <Button type="submit" disabled={create.isPending || !formState.isValid}>
                {create.isPending ? t('create.submitting') : t('create.submit')}
              </Button>
            </div>
          </>
        )}
      </Form>
    </Card>
  );
}
