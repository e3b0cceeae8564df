import { Fragment, type ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField } from '@/client/components/ui/form-fields';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { paths } from '@/shared/paths';

const linkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

// Marks where a link goes in a translated sentence, so each language keeps its own word order.
const SLOT = '\u0000';

/** A translated sentence with links inside: `{name}` arguments become the nodes given for them. */
function withLinks(
  sentence: (args: Record<string, string>) => string,
  links: Record<string, ReactNode>,
): ReactNode[] {
  const slots = Object.fromEntries(
    Object.keys(links).map((name) => [name, `${SLOT}${name}${SLOT}`]),
  );
  return sentence(slots)
    .split(SLOT)
    .map((part, index) => (index % 2 === 1 ? <Fragment key={part}>{links[part]}</Fragment> : part));
}

/**
 * "I agree to the terms" with the links to the terms and the privacy notice: the same box,
 * words and refusal wherever a participant account is made (registration and sign-up).
 * The form's schema wants `terms: true` (messages.terms when unticked).
 */
export function TermsField<T extends FieldValues>({
  control,
  name = 'terms' as FieldPath<T>,
}: {
  control: Control<T>;
  name?: FieldPath<T>;
}) {
  const t = useT('registration');
  const lp = useLocalizedPath();
  return (
    <CheckboxField
      control={control}
      name={name}
      className="mt-2"
      label={t('terms.label')}
      description={withLinks((args) => t('terms.read', args), {
        terms: (
          <Link to={lp(paths.terms)} className={linkClass}>
            {t('terms.termsLink')}
          </Link>
        ),
        privacy: (
          <Link to={lp(paths.privacy)} className={linkClass}>
            {t('terms.privacyLink')}
          </Link>
        ),
      })}
    />
  );
}

/**
 * The separate, unticked "invite me to studies that fit me" choice (decisions.md section
 * 10), with why it is asked: apart from the terms, wherever a participant account is made.
 */
export function InviteOptInField<T extends FieldValues>({
  control,
  name = 'inviteOptIn' as FieldPath<T>,
}: {
  control: Control<T>;
  name?: FieldPath<T>;
}) {
  const r = useT('recruiting');
  return (
    <CheckboxField
      control={control}
      name={name}
      label={r('field.inviteOptIn')}
      description={r('why.inviteOptIn')}
    />
  );
}
