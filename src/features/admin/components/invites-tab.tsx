import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useLanguage } from '@/i18n/use-language';
import { showRefusal } from '@/lib/field-errors';
import { formatDateTime } from '@/lib/format';
import { textLimits } from '@/lib/text-limits';
import { inviteFormSchema, useCreateInvite, useOpenInvites, useRevokeInvite } from '../api/invites';
import { AdminList } from './admin-list';

/** The code of a new invite, shown once, with a Copy button. */
function IssuedCode({ code, expiresAt }: { code: string; expiresAt: string }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm dark:border-brand-800 dark:bg-brand-800/20">
      <p className="font-semibold">{t('invites.codeTitle')}</p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t('invites.codeText', { date: formatDateTime(expiresAt, language) })}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input readOnly value={code} aria-label={t('invites.codeTitle')} className="font-mono text-xs" onFocus={(event) => event.target.select()} />
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(code).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? t('invites.copied') : t('invites.copy')}
        </Button>
      </div>
    </div>
  );
}

/** The Invites tab: one-time admin codes (create_admin_invite), the open ones, and withdrawing one. */
export function InvitesTab() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const invites = useOpenInvites();
  const create = useCreateInvite();
  const revoke = useRevokeInvite();
  const [issued, setIssued] = useState<{ code: string; expires_at: string }>();
  return (
    <div className="space-y-6">
      <section aria-labelledby="invite-title" className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h2 id="invite-title" className="text-lg font-semibold">
          {t('invites.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('invites.text')}</p>
        <Form
          schema={inviteFormSchema}
          options={{ defaultValues: { note: '', days: '7' } }}
          className="mt-4 grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
          onSubmit={(values, methods) =>
            create.mutate(values, {
              onSuccess: (answer) => {
                setIssued(answer);
                methods.reset();
              },
              // Under the field it concerns, too (the query client's toast says it as well).
              onError: (error) => showRefusal(error, { codes: { invite_days_invalid: 'days' }, constraints: { admin_invites_note_check: 'note' } }, methods.setError),
            })
          }
        >
          {({ register }) => (
            <>
              <Field label={t('invites.note')} hint={t('invites.noteHint')} registration={register('note')}>
                <Input maxLength={textLimits.inviteNote} autoComplete="off" />
              </Field>
              <Field label={t('invites.days')} registration={register('days')}>
                <Input type="number" min={1} max={30} inputMode="numeric" />
              </Field>
              <Button type="submit" disabled={create.isPending} className="sm:mb-6">
                {create.isPending ? t('invites.creating') : t('invites.create')}
              </Button>
            </>
          )}
        </Form>
        {issued && (
          <div className="mt-4">
            <IssuedCode code={issued.code} expiresAt={issued.expires_at} />
          </div>
        )}
      </section>

      <section aria-labelledby="open-invites-title" className="space-y-3">
        <h2 id="open-invites-title" className="text-lg font-semibold">
          {t('invites.open')}
        </h2>
        <AdminList
          loaded={Boolean(invites.data)}
          failed={invites.isError}
          empty={invites.data?.length === 0}
          loadingText={t('invites.loading')}
          emptyText={t('invites.empty')}
          columns={(['note', 'expires', 'created', 'actions'] as const).map((column) => ({ label: t(`invites.columns.${column}`), align: column === 'actions' ? ('right' as const) : undefined }))}
        >
          {invites.data?.map((invite) => {
            const note = invite.note ?? t('invites.noNote');
            return (
              <tr key={invite.id}>
                <th scope="row" className="px-4 py-3 font-semibold">
                  {note}
                </th>
                <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(invite.expires_at, language)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(invite.created_at, language)}</td>
                <td className="px-4 py-3 text-right">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t('invites.withdrawLabel', { note })}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(invite.id, { onSuccess: () => toast.success(t('invites.withdrawn')) })}
                  >
                    {t('invites.withdraw')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </AdminList>
      </section>
    </div>
  );
}
