import { Info } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmailType, type EmailType } from '@shared/notifications/render.ts';
import { LoadFailed } from '@/components/load-failed';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useAuth } from '@/features/auth/api/use-auth';
import { useEmailTypes } from '@/features/notifications/api/get-email-types';
import { useNotificationSettings } from '@/features/notifications/api/get-notification-settings';
import { useSaveNotificationSettings } from '@/features/notifications/api/save-notification-settings';
import { toast } from '@/lib/toast';

function EmailSwitch({ type, on, disabled, onChange }: { type: EmailType; on: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation('settings');
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-semibold">
          {t(`notifications.types.${type}.label`)}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600 dark:text-slate-400">
          {t(`notifications.types.${type}.description`)}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-description`} checked={on} disabled={disabled} onCheckedChange={onChange} />
    </li>
  );
}

/**
 * Settings → Notifications: one switch per e-mail that applies to the reader (the database says
 * which: notification_email_types()), saved on toggle. In-app notifications cannot be switched off.
 */
export function NotificationsTab() {
  const { t } = useTranslation('settings');
  const { user } = useAuth();
  const types = useEmailTypes(user?.id);
  const settings = useNotificationSettings(user?.id);
  const save = useSaveNotificationSettings(user?.id);
  const off = new Set((settings.data?.email_off ?? []).filter(isEmailType));

  const toggle = (type: EmailType, on: boolean) => {
    const next = new Set(off);
    if (on) next.delete(type);
    else next.add(type);
    save.mutate({ emailOff: [...next] }, { onSuccess: () => toast.success(t('notifications.saved')) });
  };

  const failed = types.isError || settings.isError;
  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">{t('notifications.title')}</h2>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Info aria-hidden className="size-4 shrink-0" />
          {t('notifications.inApp')}
        </p>
      </div>
      {failed ? (
        <LoadFailed
          onRetry={() => {
            if (types.isError) void types.refetch();
            if (settings.isError) void settings.refetch();
          }}
          retrying={types.isFetching || settings.isFetching}
        />
      ) : types.isPending || settings.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner /> {t('notifications.loading')}
        </p>
      ) : types.data.length === 0 ? (
        <p className="text-sm">{t('notifications.adminNone')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('notifications.description')}</p>
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {types.data.map((type) => (
              <EmailSwitch key={type} type={type} on={!off.has(type)} disabled={save.isPending} onChange={(on) => toggle(type, on)} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
