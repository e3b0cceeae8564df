import { useUpdateAdminProfile } from '@/client/api/admins/update-admin-profile';
import { AccountDetailsForm } from '@/client/components/domain/account-details-form';
import { type Admin, adminProfileSchema } from '@/shared/schemas/admins';

/** The settings page's form for an admin: the same fields as a participant's, phone optional. */
export function AdminProfileForm({
  defaults,
  onSaved,
}: {
  defaults: { firstName: string; lastName: string; email: string; phone: string | null };
  onSaved?: (admin: Admin) => void;
}) {
  const update = useUpdateAdminProfile();
  return (
    <AccountDetailsForm
      schema={adminProfileSchema}
      defaults={defaults}
      phoneRequired={false}
      save={async (payload) => (await update.mutateAsync(payload)).admin}
      onSaved={onSaved}
    />
  );
}
