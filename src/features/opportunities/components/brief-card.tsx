import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/features/auth/api/use-auth';
import { showRefusal } from '@/lib/field-errors';
import { toastError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { textLimits } from '@/lib/text-limits';
import { briefTextSchema, useOwnBriefs, useSaveBriefText } from '../api/save-brief';

/**
 * Spec §2's Brief card: writes the brief text creators read on the cards and in the brief dialog
 * (brand_briefs.brief) of the opportunity it names; the brand picks which one (issue 15).
 */
export function BriefCard() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const own = useOwnBriefs(user?.id);
  const save = useSaveBriefText();
  const [picked, setPicked] = useState<string | null>(null);
  const briefs = own.data ?? [];
  const opportunity = briefs.find((brief) => brief.id === picked) ?? briefs[0];

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('brand.brief.title')}</h2>
      {own.isPending ? (
        <Spinner className="mt-4" />
      ) : !opportunity ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('brand.brief.none')}</p>
          <Link to={paths.dashboard.opportunities.getHref()} className={buttonClasses({ size: 'sm' })}>
            {t('brand.brief.create')}
          </Link>
        </div>
      ) : (
        <div className="mt-1 space-y-3">
          {briefs.length > 1 && (
            <Field label={t('brand.brief.pick')}>
              <Select value={opportunity.id} onChange={(event) => setPicked(event.target.value)}>
                {briefs.map((brief) => (
                  <option key={brief.id} value={brief.id}>
                    {brief.title}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <Form
            key={opportunity.id}
            schema={briefTextSchema}
            options={{ defaultValues: { text: opportunity.brief ?? '' } }}
            className="space-y-3"
            onSubmit={({ text }, { setError }) =>
              save.mutate(
                { briefId: opportunity.id, text },
                {
                  onSuccess: () => toast.success(t('brand.brief.saved')),
                  // A refusal of the text under it; the others as a toast.
                  onError: (error) => void (showRefusal(error, { constraints: { brand_briefs_brief_check: 'text' } }, setError) || toastError(error)),
                },
              )
            }
          >
            {({ register, formState }) => (
              <>
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('brand.brief.for', { title: opportunity.title })}</p>
                <Field label={t('brand.brief.label')} hideLabel registration={register('text')}>
                  <Textarea rows={6} maxLength={textLimits.briefText} placeholder={t('brand.brief.placeholder')} />
                </Field>
                {/* Disabled while saving or while the text is empty. */}
                <Button type="submit" disabled={save.isPending || !formState.isValid}>
                  {save.isPending ? t('brand.brief.saving') : t('brand.brief.save')}
                </Button>
              </>
            )}
          </Form>
        </div>
      )}
    </Card>
  );
}
