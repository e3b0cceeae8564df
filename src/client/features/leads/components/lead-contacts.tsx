import { ClockIcon } from 'lucide-react';
import { ContactItems, useHasContact } from '@/client/components/marketing/contact-items';
import { useT } from '@/client/i18n/language';

/*
 * The contact details beside the lead forms: islands (see Island), since the e-mail and
 * phone come from GET /api/site once the page is in the browser.
 */

const contactLinkClass =
  'rounded-sm font-medium text-primary underline-offset-4 hover:underline wrap-anywhere';

/** The inquiry page's "Contact us directly": e-mail, phone and when we reply. */
export function InquiryContactList() {
  const t = useT('leads');
  return (
    <ul className="mt-4 grid gap-3 text-sm">
      <ContactItems linkClassName={contactLinkClass} />
      <li className="flex items-center gap-3 text-muted-foreground">
        <ClockIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('inquiry.replyTime')}
      </li>
    </ul>
  );
}

/** The research request's "Rather talk first?": shown once there is a contact to give. */
export function ResearchTalkFirst() {
  const t = useT('research');
  const hasContact = useHasContact();
  if (!hasContact) return null;
  return (
    <>
      <h3 className="mt-8 font-semibold">{t('request.talkFirst')}</h3>
      <ul className="mt-3 grid gap-3 text-sm">
        <ContactItems linkClassName={contactLinkClass} />
      </ul>
    </>
  );
}
