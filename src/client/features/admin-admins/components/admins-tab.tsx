import { KeyRoundIcon, LockIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import type * as React from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { LoadingList } from '@/client/components/ui/list-states';
import { useAdmins } from '@/client/api/admins/get-admins';
import { AdminsList } from './admins-list';
import { CreateAdminForm } from './create-admin-form';

function SectionCard({
  icon,
  title,
  description,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle asChild className="flex items-center gap-2 text-lg">
          <h2>
            {icon}
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/**
 * Admin Management: who the admins are, adding, disabling and re-enabling one (super
 * admins only; the server refuses others too) and changing one's own password.
 */
export function AdminsTab({
  currentAdminId,
  passwordForm,
}: {
  currentAdminId: string;
  /** The signed-in admin's change-password form (composed by the page). */
  passwordForm: React.ReactNode;
}) {
  const admins = useAdmins();
  // The signed-in admin's role comes from the list: it names every admin with theirs.
  const me = admins.data?.admins.find((admin) => admin.id === currentAdminId);

  let create;
  if (admins.isPending) {
    create = <LoadingList label="Checking your role…" count={1} itemClassName="h-40" />;
  } else if (me && me.role !== 'super_admin') {
    create = (
      <p className="flex items-start gap-2 rounded-lg bg-muted/60 p-4 text-sm">
        <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Only a super admin can create admins. Ask a super admin to add the person you have in
          mind.
        </span>
      </p>
    );
  } else {
    create = <CreateAdminForm />;
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-5">
      <div className="lg:col-span-3">
        <SectionCard
          icon={<UsersIcon className="size-5 text-primary" aria-hidden="true" />}
          title="Admins"
          description="Everyone who can sign in to this dashboard."
        >
          <AdminsList
            query={admins}
            currentAdminId={currentAdminId}
            canManage={me?.role === 'super_admin'}
          />
        </SectionCard>
      </div>
      <div className="grid gap-6 lg:col-span-2">
        <SectionCard
          icon={<UserPlusIcon className="size-5 text-primary" aria-hidden="true" />}
          title="Create an admin"
          description="They can sign in at once with the e-mail and password you set here."
        >
          {create}
        </SectionCard>
        <SectionCard
          icon={<KeyRoundIcon className="size-5 text-primary" aria-hidden="true" />}
          title="Change my password"
          description="Your current password is needed. Your other sessions will be signed out."
        >
          {passwordForm}
        </SectionCard>
      </div>
    </div>
  );
}
