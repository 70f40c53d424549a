import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useAuth } from '@/features/auth/api/use-auth';
import { menuLabel } from '@/features/auth/api/redirects';
import { initials } from '@/lib/initials';
import { paths } from '@/lib/paths';
import { useSignOutAndLeave, type SignOutMessages } from './use-sign-out-and-leave';

type UserMenuProps = {
  /** The navigation and the dashboard word the sign-out messages differently (spec §8). */
  messages: SignOutMessages;
  compact?: boolean;
};

/** The account menu: the user type as heading, Settings, Sign out (spec §2 top navigation). */
export function UserMenu({ messages, compact = false }: UserMenuProps) {
  const { t } = useTranslation(['common', 'auth']);
  const { user, profile, userType } = useAuth();
  const navigate = useNavigate();
  const { signOut, pending } = useSignOutAndLeave(messages);
  const label = menuLabel(profile?.first_name, user?.email, t('nav.profile'));

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('nav.userMenu', { name: label })}
        className="flex min-h-11 min-w-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <span aria-hidden className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-brand-800 uppercase">
          {initials(label)}
        </span>
        {!compact && <span className="max-w-36 truncate">{label}</span>}
        <ChevronDown aria-hidden className="size-4 text-slate-500" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{userType ? t(`userTypes.${userType}`) : t('nav.profile')}</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => navigate(paths.dashboard.settings.getHref())}>
          <Settings aria-hidden className="size-4" />
          {t('nav.settings')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()} disabled={pending}>
          <LogOut aria-hidden className="size-4" />
          {t('nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
