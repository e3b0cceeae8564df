import { MapPinIcon, SendIcon } from 'lucide-react';
import { ContactItems } from '@/client/components/marketing/contact-items';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { SiteLink } from '@/client/lib/site-nav';
import { paths } from '@/shared/paths';
import { site } from '@/shared/site';

/*
 * The contact lists of the about page and the legal pages: islands (see Island), since the
 * e-mail and phone come from GET /api/site once the page is in the browser.
 */

/** The about page's contact section: e-mail, phone, office and the inquiry form. */
export function AboutContactList() {
  const t = useT('about');
  const lp = useLocalizedPath();
  return (
    <ul className="mt-8 grid gap-4 text-lg sm:grid-cols-2">
      <ContactItems
        iconClassName="size-5"
        labels={{ email: t('contact.email'), phone: t('contact.phone') }}
        linkClassName="rounded-sm font-medium text-primary underline underline-offset-4 wrap-anywhere"
      />
      <li className="flex items-center gap-3">
        <MapPinIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <span className="sr-only">{t('contact.office')} </span>
        <span>{site.city}</span>
      </li>
      <li className="flex items-center gap-3">
        <SendIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
        <SiteLink
          to={lp(paths.companyInquiry)}
          className="rounded-sm font-medium text-primary underline underline-offset-4"
        >
          {t('contact.form')}
        </SiteLink>
      </li>
    </ul>
  );
}

const linkClass = 'rounded-sm font-medium text-primary underline underline-offset-4';

/** The privacy notice's and the terms' last section: the inquiry form, e-mail and phone. */
export function LegalContactList() {
  const t = useT('legal');
  const lp = useLocalizedPath();
  return (
    <ul className="grid gap-3">
      <li>
        <SiteLink to={lp(paths.companyInquiry)} className={linkClass}>
          {t('contact.form')}
        </SiteLink>
      </li>
      <ContactItems
        linkClassName={`${linkClass} wrap-anywhere`}
        labels={{ email: t('contact.email'), phone: t('contact.phone') }}
      />
    </ul>
  );
}
