import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { DialogClose } from './dialog';

/** What a form's refusal says when it belongs to no field: above the buttons. */
export function FormRefusal({ children }: { children: ReactNode }) {
  return <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/50 dark:text-red-200">{children}</p>;
}

/** The buttons that end a form in a dialog: Cancel closes it, the submit button says when it is at work. */
export function DialogFormButtons({ pending, submit, submitting }: { pending: boolean; submit: string; submitting: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="secondary">{t('actions.cancel')}</Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? submitting : submit}
      </Button>
    </div>
  );
}
