import { LayoutDashboardIcon, LogOutIcon, SettingsIcon } from 'lucide-react';
import { useState } from 'react';
import { SiteLink } from '@/client/lib/site-nav';
import { Avatar, AvatarFallback, AvatarImage } from '@/client/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { paths } from '@/shared/paths';
import type { SessionUser } from '@/shared/schemas/auth';
import type { UserType } from '@/shared/schemas/options';
import { useLogout } from '@/client/api/auth/logout';
import { useT } from '@/client/i18n/language';
import { displayNameOf, isAdminUser } from '../use-auth';

function firstLetter(text: string): string {
  return Array.from(text.trim())[0] ?? '';
}

/** Uppercase initials of first and last name (spec section 2); the e-mail's first letter without them. */
export function initialsOf(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  const initials = `${firstLetter(user.firstName)}${firstLetter(user.lastName)}`;
  return (initials || firstLetter(user.email)).toUpperCase();
}

/** The signed-in user's avatar (photo if it loads, else initials) and their menu. */
export function UserMenu({ user, userType }: { user: SessionUser; userType: UserType | null }) {
  const t = useT('common');
  const logout = useLogout();
  // The menu renders beside its trigger, inside the top bar's landmark.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const fullName = displayNameOf(user);
  const dashboard = isAdminUser(user, userType) ? paths.adminDashboard : paths.participantDashboard;

  return (
    <div ref={setContainer}>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <button
            type="button"
            className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            aria-label={t('account.accountFor', { name: fullName })}
          >
            <Avatar>
              {user.profilePhoto && <AvatarImage src={user.profilePhoto} alt="" />}
              <AvatarFallback>{initialsOf(user)}</AvatarFallback>
            </Avatar>
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64" container={container}>
          <DropdownMenuLabel className="font-normal">
            <span className="block truncate font-medium">{fullName}</span>
            {fullName !== user.email && (
              <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
            )}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            <DropdownMenuItem asChild>
              <SiteLink to={dashboard}>
                <LayoutDashboardIcon aria-hidden="true" />
                {t('account.dashboard')}
              </SiteLink>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <SiteLink to={paths.profileSettings}>
                <SettingsIcon aria-hidden="true" />
                {t('account.settings')}
              </SiteLink>
            </DropdownMenuItem>
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
            <LogOutIcon aria-hidden="true" />
            {logout.isPending ? t('account.loggingOut') : t('account.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
