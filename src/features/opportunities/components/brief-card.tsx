import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/features/auth/api/use-auth';
import { useFirstOpportunity, useSaveBrief } from '@/features/opportunities/api/save-brief';

/** Spec §2's Brief card: edits the description of the brand's first opportunity (spec §7). */
export function BriefCard() {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const first = useFirstOpportunity(user?.id);
  const save = useSaveBrief();
  const [text, setText] = useState<string | null>(null);
  const value = text ?? first.data?.description ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!first.data) return;
    save.mutate(
      { opportunityId: first.data.id, text: value },
      { onSuccess: () => toast.success(t('brand.brief.saved')) },
    );
  };

  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('brand.brief.title')}</h2>
      {first.isPending ? (
        <Spinner className="mt-4" />
      ) : !first.data ? (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('brand.brief.none')}</p>
          <Link to="/dashboard/opportunities" className={buttonClasses({ size: 'sm' })}>
            {t('brand.brief.create')}
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} className="mt-1 space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('brand.brief.for', { title: first.data.title })}</p>
          <label htmlFor="brand-brief" className="sr-only">
            {t('brand.brief.label')}
          </label>
          <Textarea id="brand-brief" rows={6} maxLength={5000} placeholder={t('brand.brief.placeholder')} value={value} onChange={(event) => setText(event.target.value)} />
          <Button type="submit" disabled={save.isPending || !value.trim()}>
            {save.isPending ? t('brand.brief.saving') : t('brand.brief.save')}
          </Button>
        </form>
      )}
    </Card>
  );
}
