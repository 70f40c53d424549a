import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { showRefusal } from '@/lib/field-errors';
import { toastError } from '@/lib/notify';
import { satangToBahtText } from '../api/budget-input';
import { budgetFormSchema, useUpdateOpportunityBudget } from '../api/update-opportunity-budget';

type BudgetDialogProps = { brief: { id: string; title: string; budget_satang: number | null } };

/** The owning brand sets, raises or removes a brief's budget; the database keeps it at 1 baht or more and not under what was spent. */
export function BudgetDialog({ brief }: BudgetDialogProps) {
  const { t } = useTranslation(['opportunities', 'common']);
  const [open, setOpen] = useState(false);
  const update = useUpdateOpportunityBudget();
  const label = brief.budget_satang === null ? t('budget.set') : t('budget.change');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`${label}: ${brief.title}`}>
          <Wallet aria-hidden className="size-4" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogTitle className="pr-8 text-lg font-semibold">{t('budget.title', { title: brief.title })}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('budget.text')}</DialogDescription>
        <Form
          schema={budgetFormSchema}
          options={{ defaultValues: { budget: satangToBahtText(brief.budget_satang) } }}
          className="mt-4 space-y-4"
          onSubmit={({ budget }, { setError }) =>
            update.mutate(
              { briefId: brief.id, budget },
              {
                onSuccess: (saved) => {
                  toast.success(saved.budget_satang === null ? t('budget.removed') : t('budget.saved'));
                  setOpen(false);
                },
                // Under the amount when it is the amount that was refused; the others as a toast.
                onError: (error) =>
                  void (showRefusal(error, { codes: { budget_invalid: 'budget', budget_below_spend: 'budget' }, constraints: { brand_briefs_budget_satang_check: 'budget' } }, setError) || toastError(error)),
              },
            )
          }
        >
          {({ register }) => (
            <>
              <Field label={t('create.fields.budget')} hint={t('create.fields.budgetHint')} registration={register('budget')}>
                <Input inputMode="decimal" autoComplete="off" placeholder={t('create.fields.budgetPlaceholder')} />
              </Field>
              <div className="flex justify-end">
                <Button type="submit" disabled={update.isPending}>
                  {update.isPending ? t('budget.saving') : t('budget.save')}
                </Button>
              </div>
            </>
          )}
        </Form>
      </DialogContent>
    </Dialog>
  );
}
