import { KeyRoundIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '@/client/i18n/language';
import { NO_VALUE } from '@/client/lib/no-value';
import { paths } from '@/shared/paths';
import type { Participant } from '@/shared/schemas/participants';

const linkClass =
  'inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * Name, e-mail and phone as the dashboard shows them: read-only, with the way to the one
 * place they (and the password) are changed, the profile settings page, where changing the
 * e-mail or password asks for the current password (decisions.md section 4).
 */
export function AccountSummary({
  participant,
}: {
  participant: Pick<Participant, 'firstName' | 'lastName' | 'email' | 'phone'>;
}) {
  const t = useT('dashboard');
  const name = `${participant.firstName} ${participant.lastName}`.trim();
  const facts = [
    { term: t('account.name'), value: name },
    { term: t('account.email'), value: participant.email },
    { term: t('account.phone'), value: participant.phone },
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="account-summary">
        {facts.map(({ term, value }) => (
          <div key={term} className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-sm font-medium wrap-anywhere">{value || NO_VALUE}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={paths.profileSettings} className={linkClass}>
          <PencilIcon className="size-4 shrink-0" aria-hidden="true" />
          {t('account.edit')}
        </Link>
        <Link to={`${paths.profileSettings}?tab=security`} className={linkClass}>
          <KeyRoundIcon className="size-4 shrink-0" aria-hidden="true" />
          {t('account.changePassword')}
        </Link>
      </div>
    </div>
  );
}
