import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/features/auth/api/use-auth';
import { paths } from '@/lib/paths';
import { briefFormSchema, useFirstOpportunity, useSaveBrief } from '../api/save-brief';


/** Spec §2's Brief card: edits the description of the brand's first opportunity (spec §7). */
export function BriefCard() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const first = useFirstOpportunity(user?.id);
  const save = useSaveBrief();
  const opportunity = first.data;

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('brand.brief.title')}</h2>
      {first.isPending ? (
        <Spinner className="mt-4" />
      ) : !opportunity ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('brand.brief.none')}</p>
          <Link to={paths.dashboard.opportunities.getHref()} className={buttonClasses({ size: 'sm' })}>
            {t('brand.brief.create')}
          </Link>
        </div>
      ) : (
        <Form
          key={opportunity.id}
          schema={briefFormSchema}
          options={{ defaultValues: { text: opportunity.description } }}
          className="mt-1 space-y-3"
          onSubmit={({ text }) => save.mutate({ opportunityId: opportunity.id, text }, { onSuccess: () => toast.success(t('brand.brief.saved')) })}
        >
          {({ register, formState }) => (
            <>
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('brand.brief.for', { title: opportunity.title })}</p>
              <Field label={t('brand.brief.label')} hideLabel registration={register('text')}>
                <Textarea rows={6} maxLength={5000} placeholder={t('brand.brief.placeholder')} />
              </Field>
              {/* Disabled while saving or while the text is empty. */}
              <Button type="submit" disabled={save.isPending || !formState.isValid}>
                {save.isPending ? t('brand.brief.saving') : t('brand.brief.save')}
              </Button>
            </>
          )}
        </Form>
      )}
    </Card>
  );
}
