import { MailIcon, PhoneIcon } from 'lucide-react';
import { useSiteContact } from '@/client/api/site/get-site';
import { telHref } from '@/client/lib/tel-href';
import { clsx } from 'clsx';

/**
 * The business's e-mail and phone as list items with mailto: and tel: links, each only
 * when the server is configured with it (CONTACT_EMAIL, CONTACT_PHONE; decision 028).
 * Nothing until GET /api/site has answered: the prerendered page shows no contact
 * rather than a made-up one. `labels` are read before each link by screen readers.
 */
export function ContactItems({
  itemClassName,
  linkClassName,
  iconClassName,
  labels,
}: {
  itemClassName?: string;
  linkClassName?: string;
  iconClassName?: string;
  labels?: { email: string; phone: string };
}) {
  const contact = useSiteContact();
  if (!contact) return null;
  const icon = clsx('shrink-0 text-primary', iconClassName ?? 'size-4');
  return (
    <>
      {contact.email && (
        <li className={clsx('flex items-center gap-3', itemClassName)} data-contact="email">
          <MailIcon className={icon} aria-hidden="true" />
          {labels && <span className="sr-only">{labels.email} </span>}
          <a href={`mailto:${contact.email}`} className={linkClassName}>
            {contact.email}
          </a>
        </li>
      )}
      {contact.phone && (
        <li className={clsx('flex items-center gap-3', itemClassName)} data-contact="phone">
          <PhoneIcon className={icon} aria-hidden="true" />
          {labels && <span className="sr-only">{labels.phone} </span>}
          <a href={telHref(contact.phone)} className={linkClassName}>
            {contact.phone}
          </a>
        </li>
      )}
    </>
  );
}

/** True once the server has said it has at least one contact to show. */
export function useHasContact(): boolean {
  const contact = useSiteContact();
  return Boolean(contact?.email || contact?.phone);
}
