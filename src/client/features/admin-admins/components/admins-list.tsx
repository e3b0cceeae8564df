import { ShieldCheckIcon, ShieldIcon } from 'lucide-react';
import { Badge } from '@/client/components/ui/badge';
import { EmptyState, ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { errorMessageOf } from '@/client/lib/error-message';
import { formatDate } from '@/client/lib/format-date';
import type { Admin } from '@/shared/schemas/admins';
import type { useAdmins } from '@/client/api/admins/get-admins';
import { roleLabels } from '../role-labels';
import { AdminStatusButton } from './admin-status-button';

/**
 * Every admin: e-mail (the username), name, role, status, when added and last signed in;
 * "You" marked. A super admin (`canManage`) gets Disable/Enable for everyone else.
 */
export function AdminsList({
  query,
  currentAdminId,
  canManage = false,
}: {
  query: ReturnType<typeof useAdmins>;
  currentAdminId: string;
  canManage?: boolean;
}) {
  if (query.isPending) {
    return <LoadingList label="Loading admins…" count={3} itemClassName="h-16" />;
  }
  if (query.isError) {
    return (
      <ErrorState
        title="We could not load the admins."
        message={errorMessageOf(query.error, 'Please try again.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const { admins } = query.data;
  if (admins.length === 0) {
    return <EmptyState>No admins yet.</EmptyState>;
  }
  return (
    <ul className="divide-y rounded-lg border" aria-label="Admins">
      {admins.map((admin) => (
        <AdminItem
          key={admin.id}
          admin={admin}
          isYou={admin.id === currentAdminId}
          canManage={canManage}
        />
      ))}
    </ul>
  );
}

function AdminItem({
  admin,
  isYou,
  canManage,
}: {
  admin: Admin;
  isYou: boolean;
  canManage: boolean;
}) {
  const name = `${admin.firstName} ${admin.lastName}`.trim();
  const added = formatDate(admin.createdAt);
  const lastSignIn = formatDate(admin.lastLoginAt);
  const RoleIcon = admin.role === 'super_admin' ? ShieldCheckIcon : ShieldIcon;
  return (
    <li
      className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between"
      data-testid="admin-item"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium wrap-anywhere">{admin.username || admin.email}</span>
          {isYou && <Badge variant="info">You</Badge>}
          {admin.status === 'disabled' && <Badge variant="secondary">Disabled</Badge>}
          {admin.twoFactorEnabled && <Badge variant="outline">Two-step sign-in</Badge>}
        </p>
        {name && <p className="text-sm wrap-anywhere">{name}</p>}
        <p className="mt-0.5 text-xs text-muted-foreground">
          Added {added ?? 'on an unknown date'} ·{' '}
          {lastSignIn ? `last signed in ${lastSignIn}` : 'never signed in'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <Badge variant={admin.role === 'super_admin' ? 'default' : 'outline'}>
          <RoleIcon aria-hidden="true" />
          {roleLabels[admin.role]}
        </Badge>
        {canManage && !isYou && (
          <AdminStatusButton
            admin={admin}
            label={name ? `${name} (${admin.email})` : admin.email}
          />
        )}
      </div>
    </li>
  );
}
