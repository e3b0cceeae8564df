import { useId, useState } from 'react';
import { useConsent } from '@/client/api/consent/get-consent';
import { useUpdateConsent } from '@/client/api/consent/update-consent';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Label } from '@/client/components/ui/label';
import { ErrorState } from '@/client/components/ui/list-states';
import { PendingButton } from '@/client/components/ui/pending-button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { toast } from '@/client/components/ui/use-toast';
import { useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import type { Consent } from '@/shared/schemas/recruiting';

type Choices = Pick<Consent, 'inviteOptIn' | 'studyMail'>;

/**
 * "Study invitations" (decisions.md section 10): whether to be invited to studies that fit
 * (unticked until chosen) and whether to be told when new studies open, saved together
 * through PUT /api/me/consent, which records each change.
 */
export function InvitationSettings() {
  const t = useT('profile');
  // Asked for with the page, not once the choices arrive (the page would blank meanwhile).
  useT('recruiting');
  const consent = useConsent();
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild className="text-lg">
          <h2 id={`${id}-title`}>{t('consent.title')}</h2>
        </CardTitle>
        <CardDescription>{t('consent.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {consent.isPending ? (
          <Skeleton className="h-28 w-full" aria-label={t('consent.loading')} role="status" />
        ) : consent.isError ? (
          <ErrorState
            title={t('consent.error')}
            message={errorMessageOf(consent.error, t('consent.tryAgain'))}
            onRetry={() => void consent.refetch()}
            retrying={consent.isFetching}
          />
        ) : (
          <ChoicesForm saved={consent.data.consent} labelledBy={`${id}-title`} />
        )}
      </CardContent>
    </Card>
  );
}

function ChoicesForm({ saved, labelledBy }: { saved: Choices; labelledBy: string }) {
  const t = useT('profile');
  const r = useT('recruiting');
  const update = useUpdateConsent();
  const id = useId();
  // Empty until changed here, so the saved state shows until the person picks.
  const [picked, setPicked] = useState<Partial<Choices>>({});
  const choices: Choices = {
    inviteOptIn: picked.inviteOptIn ?? saved.inviteOptIn,
    studyMail: picked.studyMail ?? saved.studyMail,
  };

  async function save() {
    try {
      await update.mutateAsync(choices);
      setPicked({});
      toast({ title: t('consent.saved.title'), description: t('consent.saved.description') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('consent.failed.title'),
        description: errorMessageOf(error, t('consent.failed.default')),
      });
    }
  }

  const rows = [
    { key: 'inviteOptIn', label: r('field.inviteOptIn'), hint: r('why.inviteOptIn') },
    { key: 'studyMail', label: t('consent.studyMail'), hint: t('consent.studyMail.hint') },
  ] as const;

  return (
    <form
      noValidate
      aria-labelledby={labelledBy}
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!update.isPending) void save();
      }}
    >
      {rows.map((row) => (
        <div key={row.key} className="flex items-start gap-3">
          <Checkbox
            id={`${id}-${row.key}`}
            checked={choices[row.key]}
            onCheckedChange={(on) => setPicked((p) => ({ ...p, [row.key]: on === true }))}
            aria-describedby={`${id}-${row.key}-hint`}
            disabled={update.isPending}
            className="mt-0.5"
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-${row.key}`} className="leading-snug">
              {row.label}
            </Label>
            <p id={`${id}-${row.key}-hint`} className="text-sm text-muted-foreground">
              {row.hint}
            </p>
          </div>
        </div>
      ))}
      <div className="flex justify-end">
        <PendingButton
          type="submit"
          pending={update.isPending}
          pendingLabel={t('saving')}
          keepFocus
        >
          {t('consent.save')}
        </PendingButton>
      </div>
    </form>
  );
}
