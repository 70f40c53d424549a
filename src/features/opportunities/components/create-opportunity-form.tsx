import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCreateOpportunity } from '../api/create-opportunity';

const empty = { title: '', description: '', reward: '', tags: '', deadline: '' };

/** Spec §2: Create New Opportunity — disabled until title and description are filled. */
export function CreateOpportunityForm() {
  const { t } = useTranslation('opportunities');
  const create = useCreateOpportunity();
  const [values, setValues] = useState(empty);
  const set = (name: keyof typeof empty) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value }));
  const complete = Boolean(values.title.trim() && values.description.trim());
  const optional = t('create.optional');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(values, {
      onSuccess: () => {
        setValues(empty);
        toast.success(t('messages.created'));
      },
    });
  };

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('create.title')}</h2>
      <form onSubmit={submit} noValidate className="mt-5 grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <Field label={t('create.fields.title')}>
            <Input placeholder={t('create.fields.titlePlaceholder')} value={values.title} onChange={set('title')} maxLength={200} />
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field label={t('create.fields.description')}>
            <Textarea rows={4} placeholder={t('create.fields.descriptionPlaceholder')} value={values.description} onChange={set('description')} maxLength={5000} />
          </Field>
        </div>
        <Field label={t('create.fields.reward')} optional={optional}>
          <Input placeholder={t('create.fields.rewardPlaceholder')} value={values.reward} onChange={set('reward')} maxLength={200} />
        </Field>
        <Field label={t('create.fields.tags')} optional={optional} hint={t('create.fields.tagsHint')}>
          <Input placeholder={t('create.fields.tagsPlaceholder')} value={values.tags} onChange={set('tags')} />
        </Field>
        <Field label={t('create.fields.deadline')} optional={optional}>
          <Input type="date" min={new Date().toISOString().slice(0, 10)} value={values.deadline} onChange={set('deadline')} />
        </Field>
        <div className="flex items-end md:col-span-2">
          <Button type="submit" disabled={!complete || create.isPending}>
            {create.isPending ? t('create.submitting') : t('create.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
