import { Fragment, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useConsent } from '@/client/api/consent/get-consent';
import { useUpdateConsent } from '@/client/api/consent/update-consent';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { PendingButton } from '@/client/components/ui/pending-button';
import { toast } from '@/client/components/ui/use-toast';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { paths } from '@/shared/paths';

const SLOT = '\u0000';
const linkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

/**
 * Asks again when the terms or privacy notice changed since the participant accepted them
 * (`needsAcceptance`, decision 036). Accept records the current versions; Later (or Escape)
 * closes it for this visit only: nothing is recorded, so it asks again at the next visit.
 */
export function ConsentRenewalDialog() {
  const t = useT('dashboard');
  const lp = useLocalizedPath();
  const consent = useConsent();
  const accept = useUpdateConsent();
  const [later, setLater] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = consent.data?.consent.needsAcceptance === true && !later;

  async function onAccept() {
    setFailure(null);
    try {
      await accept.mutateAsync({ acceptCurrent: true });
      toast({ title: t('terms.accepted') });
    } catch (error) {
      setFailure(errorMessageOf(error, t('terms.failed')));
    }
  }

  const links: Record<string, ReactNode> = {
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
  };
  const body = t('terms.body', { terms: `${SLOT}terms${SLOT}`, privacy: `${SLOT}privacy${SLOT}` })
    .split(SLOT)
    .map((part, i) => (i % 2 === 1 ? <Fragment key={part}>{links[part]}</Fragment> : part));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !accept.isPending) setLater(true);
      }}
    >
      <DialogContent
        data-testid="consent-renewal"
        // Opened by the page, not by a button: on closing, the focus goes to the page's
        // main region (the start of the dashboard) instead of falling to the body.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('terms.title')}</DialogTitle>
          <DialogDescription>{body}</DialogDescription>
        </DialogHeader>
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={accept.isPending}
            onClick={() => setLater(true)}
          >
            {t('terms.later')}
          </Button>
          <PendingButton
            type="button"
            pending={accept.isPending}
            pendingLabel={t('terms.accepting')}
            onClick={() => void onAccept()}
          >
            {t('terms.accept')}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
