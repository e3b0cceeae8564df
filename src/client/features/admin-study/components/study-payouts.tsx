import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { PayoutProgressPanel } from '@/client/components/layout/admin-payout-progress';
import { ReleasePayoutsDialog } from '@/client/components/layout/admin-payout-release-dialog';
import { Button } from '@/client/components/ui/button';
import { isStepUpCancelled, useStepUp } from '@/client/features/auth/step-up';
import { formatKes } from '@/shared/rules/money';
import type { Study } from '@/shared/schemas/studies';
import { ExportPaymentsButton } from './export-payments-button';

/**
 * The Completed tab's payment line: what each participant is paid, "Release all pending
 * payments" of this study (decisions.md section 11: `{ testId }`, confirmed with the count
 * and total the server counts) and the payment list export; the payout's progress below
 * once released.
 */
export function StudyPayouts({ study, paymentCents }: { study: Study; paymentCents: bigint }) {
  const withStepUp = useStepUp();
  const [open, setOpen] = useState(false);
  const [followed, setFollowed] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Each completed participant is paid {formatKes(paymentCents)}.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setOpen(true)}>
            <SendIcon aria-hidden="true" />
            Release all pending payments
          </Button>
          <ExportPaymentsButton testId={study.id} />
        </div>
      </div>
      {followed && (
        <PayoutProgressPanel
          key={followed}
          payoutId={followed}
          onClose={() => setFollowed(null)}
          headingLevel={2}
        />
      )}
      {open && (
        <ReleasePayoutsDialog
          open
          onOpenChange={setOpen}
          target={{ testId: study.id }}
          scope={`every pending payment of “${study.title}”`}
          withStepUp={withStepUp}
          isStepUpCancelled={isStepUpCancelled}
          onReleased={(payout) => setFollowed(payout.id)}
        />
      )}
    </div>
  );
}
