import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/features/auth/api/use-auth';
import { useLanguage } from '@/i18n/use-language';
import type { AdminUserRow } from '@/lib/database';
import { formatDateTime } from '@/lib/format';
import { showRefusal } from '@/lib/field-errors';
import { textLimits } from '@/lib/text-limits';
import { useUserDetail } from '../api/get-user-detail';
import { profileFixRefusalFields, profileFixSchema, reasonRefusalCodes, suspendFormSchema, useFixProfile, useSetSuspended } from '../api/moderate-user';
import { displayName } from './users-tab';

/** A reason field: required, kept in the audit log. */
export function ReasonField({ label, registration }: { label: string; registration: UseFormRegisterReturn }) {
  const { t } = useTranslation('admin');
  return (
    <Field label={label} hint={t('edit.reasonHint')} registration={registration}>
      <Textarea rows={2} maxLength={textLimits.adminReason} />
    </Field>
  );
}

function ProfileFixForm({ user, onDone }: { user: AdminUserRow; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const fix = useFixProfile();
  const brand = user.user_type === 'brand';
  return (
    <Form
      schema={profileFixSchema}
      options={{
        defaultValues: {
          firstName: user.first_name ?? '',
          lastName: user.last_name ?? '',
          tiktokUsername: user.tiktok_username ?? '',
          companyName: user.company_name ?? '',
          reason: '',
        },
      }}
      className="space-y-3"
      onSubmit={(values, { setError }) =>
        fix.mutate(
          { userId: user.id, ...values },
          {
            onSuccess: () => {
              toast.success(t('edit.saved'));
              onDone();
            },
            // Under the field it concerns, too (the query client's toast says it as well).
            onError: (error) => showRefusal(error, profileFixRefusalFields, setError),
          },
        )
      }
    >
      {({ register }) => (
        <>
          <h3 className="text-sm font-semibold">{t('edit.profile')}</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={brand ? t('edit.brandName') : t('edit.firstName')} registration={register('firstName')}>
              <Input autoComplete="off" maxLength={textLimits.firstName} />
            </Field>
            <Field label={brand ? t('edit.contactName') : t('edit.lastName')} registration={register('lastName')}>
              <Input autoComplete="off" maxLength={textLimits.lastName} />
            </Field>
            <Field label={t('edit.tiktokUsername')} registration={register('tiktokUsername')}>
              <Input autoComplete="off" maxLength={textLimits.tiktokUsername + 1} />
            </Field>
            <Field label={t('edit.companyName')} registration={register('companyName')}>
              <Input autoComplete="off" maxLength={textLimits.companyName} />
            </Field>
          </div>
          <ReasonField label={t('edit.reason')} registration={register('reason')} />
          <div className="flex justify-end">
            <Button type="submit" disabled={fix.isPending}>
              {fix.isPending ? t('edit.saving') : t('edit.save')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

function SuspensionForm({ user, onDone }: { user: AdminUserRow; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const { user: me } = useAuth();
  const setSuspended = useSetSuspended();
  const detail = useUserDetail(user.id);
  const suspended = Boolean(user.suspended_at);
  // The database refuses both (suspend_admin, suspend_self); the form says so before anyone tries.
  if (user.user_type === 'admin' || user.id === me?.id) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">{user.id === me?.id ? t('edit.selfProtected') : t('edit.adminProtected')}</p>;
  }
  return (
    <Form
      schema={suspendFormSchema}
      options={{ defaultValues: { reason: '' } }}
      className="space-y-3"
      onSubmit={({ reason }, { setError }) =>
        setSuspended.mutate(
          { userId: user.id, suspended: !suspended, reason },
          {
            onSuccess: () => {
              toast.success(suspended ? t('edit.reinstatedToast') : t('edit.suspendedToast'));
              onDone();
            },
            onError: (error) => showRefusal(error, { codes: reasonRefusalCodes }, setError),
          },
        )
      }
    >
      {({ register }) => (
        <>
          <h3 className="text-sm font-semibold">{suspended ? t('edit.reinstateTitle') : t('edit.suspendTitle')}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {suspended
              ? t('edit.reinstateText', { date: formatDateTime(user.suspended_at!, language), reason: detail.data?.suspension?.reason ?? '…' })
              : t('edit.suspendText')}
          </p>
          <ReasonField label={suspended ? t('edit.reinstateReason') : t('edit.suspendReason')} registration={register('reason')} />
          <div className="flex justify-end">
            <Button type="submit" variant={suspended ? 'primary' : 'danger'} disabled={setSuspended.isPending}>
              {suspended ? (setSuspended.isPending ? t('edit.reinstating') : t('edit.reinstate')) : setSuspended.isPending ? t('edit.suspending') : t('edit.suspend')}
            </Button>
          </div>
        </>
      )}
    </Form>
  );
}

/** Edit: correct display fields, and suspend or reinstate the account; each with a reason, audited. */
export function UserEditDialog({ user, onClose }: { user: AdminUserRow | undefined; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Dialog open={Boolean(user)} onOpenChange={(open) => !open && onClose()}>
      {user && (
        <DialogContent closeLabel={t('common:actions.close')} aria-describedby={undefined} className="max-w-2xl">
          <DialogTitle className="pr-8 text-lg font-semibold">{t('edit.title', { name: displayName(user, t('users.noName')) })}</DialogTitle>
          <div className="mt-4 space-y-6 divide-y divide-slate-200 dark:divide-slate-800">
            <ProfileFixForm user={user} onDone={onClose} />
            <div className="pt-6">
              <SuspensionForm user={user} onDone={onClose} />
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
