import { Copy, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/lib/paths';

/** Invite Creators (an inert button in the spec): a sign-up link that leads creators to this brand's open opportunities. */
export function InviteCreatorsDialog({ brandId }: { brandId: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const link = `${window.location.origin}${paths.auth.signup.getHref({ type: 'creator', brand: brandId })}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('brand.invite.copied'));
    } catch {
      toast.error(t('brand.invite.copyFailed'));
    }
  };
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary">
          <UserPlus aria-hidden className="size-4" />
          {t('brand.invite.button')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:actions.close')}>
        <DialogTitle className="pr-8 text-xl font-bold">{t('brand.invite.title')}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('brand.invite.text')}</DialogDescription>
        <div className="mt-5">
          <Label htmlFor="invite-link">{t('brand.invite.link')}</Label>
          <div className="flex gap-2">
            <Input id="invite-link" readOnly value={link} onFocus={(event) => event.target.select()} />
            <Button onClick={() => void copy()}>
              <Copy aria-hidden className="size-4" />
              {t('brand.invite.copy')}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
