import { SmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { PhoneField, TextField } from '@/client/components/ui/form-fields';
import { TitledCard } from '@/client/components/ui/titled-card';
import { toast } from '@/client/components/ui/use-toast';
import { useChangePayoutNumber } from '@/client/api/participants/change-payout-number';
import { useT } from '@/client/i18n/language';
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { useZodForm } from '@/client/lib/use-zod-form';
import type { Participant } from '@/shared/schemas/participants';
import {
  type PayoutNumberChange,
  type PayoutNumberInput,
  payoutNumberSchema,
} from '@/shared/schemas/statement';

type PayoutOwner = Pick<Participant, 'id' | 'payoutPhone' | 'payoutPhoneIsPhone'>;

const emptyValues: PayoutNumberInput = { payoutPhone: '', currentPassword: '' };

/**
 * The new number and the current password (decisions.md section 11). It says before
 * anything is sent that the current payout number will be told; a refused password or
 * number shows under its field, and no password stays typed after a refusal.
 */
function ChangePayoutNumberDialog({ participant }: { participant: PayoutOwner }) {
  const t = useT('dashboard');
  const [open, setOpen] = useState(false);
  const change = useChangePayoutNumber(participant.id);
  const form = useZodForm(payoutNumberSchema, emptyValues);

  function openChange(next: boolean) {
    setOpen(next);
    if (!next) form.reset(emptyValues);
  }

  async function submit(values: PayoutNumberChange) {
    try {
      const answer = await change.mutateAsync(values);
      toast({
        title: t('payout.changed.title'),
        description: t('payout.changed.description', { number: answer.payoutPhone }),
      });
      openChange(false);
    } catch (error) {
      form.setValue('currentPassword', '');
      const shown = applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, [
        'payoutPhone',
        'currentPassword',
      ]);
      if (!shown) form.setFocus('currentPassword');
      toast({
        variant: 'destructive',
        title: t('payout.failed.title'),
        description: errorMessageOf(error, t('payout.failed.default')),
      });
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      title={t('payout.dialog.title')}
      description={t('payout.dialog.description', { number: participant.payoutPhone })}
      form={form}
      onSubmit={submit}
      pending={form.formState.isSubmitting}
      submitLabel={t('payout.dialog.save')}
      pendingLabel={t('payout.dialog.saving')}
      trigger={
        <Button variant="outline" className="justify-self-start whitespace-normal">
          <SmartphoneIcon aria-hidden="true" />
          {t('payout.change')}
        </Button>
      }
    >
      <PhoneField
        control={form.control}
        name="payoutPhone"
        label={t('payout.dialog.newNumber')}
        description={t('payout.dialog.newNumberHint')}
        required
      />
      <TextField
        control={form.control}
        name="currentPassword"
        label={t('payout.dialog.password')}
        type="password"
        autoComplete="current-password"
        required
      />
    </FormDialog>
  );
}

/** Where the participant's M-Pesa payouts go, and the way to change it. */
export function PayoutNumberCard({ participant }: { participant: PayoutOwner }) {
  const t = useT('dashboard');
  return (
    <TitledCard
      title={t('payout.title')}
      heading="h3"
      description={t('payout.description')}
      contentClassName="grid gap-4"
    >
      <dl className="grid gap-0.5" data-testid="payout-number">
        <dt className="text-xs text-muted-foreground">{t('payout.number')}</dt>
        <dd className="text-xl font-semibold wrap-anywhere">{participant.payoutPhone}</dd>
        <dd className="text-sm text-muted-foreground">
          {participant.payoutPhoneIsPhone ? t('payout.isPhone') : t('payout.notPhone')}
        </dd>
      </dl>
      <ChangePayoutNumberDialog participant={participant} />
    </TitledCard>
  );
}
