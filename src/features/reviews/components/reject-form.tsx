import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { showRefusal } from '@/lib/field-errors';
import { maxNoteLength, rejectFormSchema, rejectRefusalFields, reviewReasons, useReviewVideo } from '../api/review-video';

/** Why the brand rejects a video: a reason from the list, and a note (required for "other"). Used inside a dialog. */
export function RejectForm({ videoId, onRejected }: { videoId: string; onRejected: () => void }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const review = useReviewVideo();
  return (
    <Form
      schema={rejectFormSchema}
      options={{ defaultValues: { reason: '', note: '' } }}
      className="mt-4 space-y-4"
      onSubmit={(values, { setError }) =>
        review.mutate(
          { videoId, decision: 'reject', ...values },
          {
            onSuccess: () => {
              toast.success(t('brand.review.rejectedToast'));
              onRejected();
            },
            // Under the reason or the note it concerns, too (the query client's toast says it as well).
            onError: (error) => showRefusal(error, rejectRefusalFields, setError),
          },
        )
      }
    >
      {({ register }) => (
        <>
          <Field label={t('brand.review.rejectForm.reason')} registration={register('reason')}>
            <Select>
              <option value="">{t('brand.review.rejectForm.reasonPlaceholder')}</option>
              {reviewReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`common:video.reviewReasons.${reason}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('brand.review.rejectForm.note')} hint={t('brand.review.rejectForm.noteHint')} registration={register('note')}>
            <Textarea rows={3} maxLength={maxNoteLength} />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">{t('common:actions.cancel')}</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={review.isPending}>
              {review.isPending ? t('brand.review.rejectForm.submitting') : t('brand.review.rejectForm.submit')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}
