import { MailIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { toastFailure } from '@/client/lib/toast-failure';
import { AdminTabSection } from '@/client/components/layout/admin-tab-section';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/client/components/ui/card';
import { ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { RadioGroup, RadioGroupItem } from '@/client/components/ui/radio-group';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessageOf } from '@/client/lib/error-message';
import { useSettings } from '@/client/api/settings/get-settings';
import { useSaveSettings } from '@/client/api/settings/save-settings';
import { useParticipantCount } from '@/client/api/stats/get-stats';
import { PendingButton } from '@/client/components/ui/pending-button';

type Choice = 'open' | 'postponed';

/** How many people an opening reaches, as a sentence, when the count is known. */
const audienceSentence = (count: number | undefined) => {
  if (count === undefined) return '';
  if (count === 0) return ' No participant has registered yet.';
  if (count === 1) return ' That is 1 participant today.';
  return ` That is ${count.toLocaleString('en-KE')} participants today.`;
};

/**
 * Settings: whether research studies are open or postponed (decisions.md section 6).
 * Switching to open keeps the footer's promise and e-mails every participant once, so
 * it asks first.
 */
export function SettingsTab() {
  const settings = useSettings();
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <AdminTabSection
      id="settings-heading"
      title="Settings"
      description="What the whole site says and does."
      headingRef={headingRef}
    >
      {settings.isPending ? (
        <LoadingList label="Loading the settings…" count={1} itemClassName="h-64" />
      ) : settings.isError ? (
        <ErrorState
          title="We could not load the settings."
          message={errorMessageOf(settings.error, 'Please try again.')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : (
        <StudiesSetting
          // A new server value (after saving, or from another admin) resets the choice.
          key={String(settings.data.settings.studiesOpen)}
          studiesOpen={settings.data.settings.studiesOpen}
          // The form is drawn anew for the saved value: its Save button goes with the old one.
          onSaved={() => headingRef.current?.focus()}
        />
      )}
    </AdminTabSection>
  );
}

function StudiesSetting({ studiesOpen, onSaved }: { studiesOpen: boolean; onSaved: () => void }) {
  const current: Choice = studiesOpen ? 'open' : 'postponed';
  const [choice, setChoice] = useState<Choice>(current);
  const [confirming, setConfirming] = useState(false);
  const save = useSaveSettings();
  const participantCount = useParticipantCount();
  const id = useId();
  const changed = choice !== current;

  async function submit() {
    setConfirming(false);
    const open = choice === 'open';
    try {
      const { announced } = await save.mutateAsync({ studiesOpen: open });
      onSaved();
      toast({
        title: 'Settings saved',
        description: open
          ? `Studies are open. ${announced.toLocaleString('en-KE')} participant${announced === 1 ? '' : 's'} will be e-mailed.`
          : 'Studies are postponed. Participants see the postponed notice.',
      });
    } catch (error) {
      toastFailure(
        'Failed to save settings',
        error,
        'The setting was not changed. Please try again.',
      );
    }
  }

  return (
    <Card>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!changed || save.isPending) return;
          if (choice === 'open') setConfirming(true);
          else void submit();
        }}
      >
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle id={`${id}-title`}>Research studies</CardTitle>
            <Badge variant={studiesOpen ? 'success' : 'warning'}>
              Now: {studiesOpen ? 'Open' : 'Postponed'}
            </Badge>
          </div>
          <CardDescription id={`${id}-description`}>
            While studies are postponed, participants see a notice that new studies are coming and
            that they will be told by e-mail.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <RadioGroup
            value={choice}
            onValueChange={(value) => setChoice(value as Choice)}
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-description`}
            disabled={save.isPending}
          >
            <Option
              id={`${id}-open`}
              value="open"
              title="Studies open"
              text="Participants can browse the active studies and apply. No postponed notice."
            />
            <Option
              id={`${id}-postponed`}
              value="postponed"
              title="Studies postponed"
              text="The participant dashboard says studies are temporarily postponed."
            />
          </RadioGroup>
          <p className="flex gap-2 rounded-lg bg-muted p-3 text-sm">
            <MailIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Switching from postponed to open e-mails every registered participant once, through
              the mail outbox.{audienceSentence(participantCount)} Each new opening sends one more
              e-mail.
            </span>
          </p>
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          <PendingButton
            type="submit"
            disabled={!changed}
            pending={save.isPending}
            pendingLabel="Saving…"
            // Keeps the focus while saving (and for the confirmation to hand it back to).
            keepFocus
          >
            Save
          </PendingButton>
          {changed && !save.isPending && (
            <Button type="button" variant="outline" onClick={() => setChoice(current)}>
              Cancel
            </Button>
          )}
        </CardFooter>
      </form>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Open studies and e-mail participants?"
        description={`Participants will be able to apply to active studies, and every registered participant will get one e-mail saying new studies are open.${audienceSentence(participantCount)} The e-mails cannot be called back once sent.`}
        confirmLabel="Open studies and send e-mails"
        destructive={false}
        onConfirm={() => {
          void submit();
          return true;
        }}
      />
    </Card>
  );
}

function Option({
  id,
  value,
  title,
  text,
}: {
  id: string;
  value: Choice;
  title: string;
  text: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border p-4 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5">
      <RadioGroupItem id={id} value={value} aria-describedby={`${id}-text`} className="mt-0.5" />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {title}
        </label>
        <p id={`${id}-text`} className="text-sm text-muted-foreground">
          {text}
        </p>
      </div>
    </div>
  );
}
