import { useUpdateAccountProfile } from '@/client/api/participants/update-account-profile';
import { AccountDetailsForm } from '@/client/components/domain/account-details-form';
import { accountProfileSchema, type Participant } from '@/shared/schemas/participants';

/** The settings page's profile form: names, e-mail and phone (spec section 5 "Profile form"). */
export function AccountProfileForm({
  defaults,
  onSaved,
}: {
  defaults: { firstName: string; lastName: string; email: string; phone: string };
  onSaved?: (participant: Participant) => void;
}) {
  const update = useUpdateAccountProfile();
  return (
    <AccountDetailsForm
      schema={accountProfileSchema}
      defaults={defaults}
      phoneRequired
      save={async (payload) => (await update.mutateAsync(payload)).participant}
      onSaved={onSaved}
    />
  );
}
