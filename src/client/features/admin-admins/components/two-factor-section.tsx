import {
  CheckIcon,
  CopyIcon,
  DownloadIcon,
  ShieldCheckIcon,
  ShieldOffIcon,
  SmartphoneIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { ErrorState, LoadingList } from '@/client/components/ui/list-states';
import { PendingButton } from '@/client/components/ui/pending-button';
import { TitledCard } from '@/client/components/ui/titled-card';
import { toast } from '@/client/components/ui/use-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { saveFile } from '@/client/lib/download';
import { errorMessageOf } from '@/client/lib/error-message';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { formatDate } from '@/client/lib/format-date';
import { toastFailure } from '@/client/lib/toast-failure';
import { useZodForm } from '@/client/lib/use-zod-form';
import { useDisableTwoFactor } from '@/client/api/admins/disable-two-factor';
import { useEnableTwoFactor } from '@/client/api/admins/enable-two-factor';
import { useTwoFactor } from '@/client/api/admins/get-two-factor';
import { useSetupTwoFactor } from '@/client/api/admins/setup-two-factor';
import {
  enableTwoFactorSchema,
  RECOVERY_CODE_COUNT,
  secondFactorCodeSchema,
  type TwoFactorSetup,
} from '@/shared/schemas/two-factor';

/** The anchor of this section on the profile screen (the step-up dialog links to its tab). */
const TWO_FACTOR_SECTION_ID = 'two-step-sign-in';

/**
 * "Two-step sign-in" on an admin's profile screen (decisions.md section 11): set it up (QR
 * code and the key as text, then the app's first code), the 10 recovery codes shown once
 * (copy, download, "I have saved them"), and turning it off with a code.
 */
export function TwoFactorSection() {
  const status = useTwoFactor();
  // The recovery codes of the enrolment just made: kept only until "I have saved them".
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onSaved={() => setRecoveryCodes(null)} />;
  } else if (status.isPending) {
    body = <LoadingList label="Loading two-step sign-in…" count={1} itemClassName="h-20" />;
  } else if (status.isError) {
    body = (
      <ErrorState
        title="We could not load your two-step sign-in."
        message={errorMessageOf(status.error, 'Please try again.')}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  } else if (status.data.enabled) {
    body = <EnabledState enabledAt={status.data.enabledAt} left={status.data.recoveryCodesLeft} />;
  } else {
    body = <Enrol onEnabled={setRecoveryCodes} />;
  }

  return (
    <section id={TWO_FACTOR_SECTION_ID} aria-label="Two-step sign-in" className="scroll-mt-24">
      <TitledCard
        title="Two-step sign-in"
        description="A code from an authenticator app on your phone, asked for at sign-in and before creating or disabling admins and releasing payouts."
      >
        {body}
      </TitledCard>
    </section>
  );
}

function EnabledState({ enabledAt, left }: { enabledAt: string | null; left: number }) {
  const [turningOff, setTurningOff] = useState(false);
  const since = formatDate(enabledAt);
  return (
    <div className="grid gap-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="default">
          <ShieldCheckIcon aria-hidden="true" />
          On
        </Badge>
        <span>
          {since ? `Since ${since}. ` : ''}
          {left} of {RECOVERY_CODE_COUNT} recovery codes left.
        </span>
      </p>
      {left <= 3 && (
        <p className="text-sm text-muted-foreground">
          Running out of recovery codes: turn two-step sign-in off and on again to get 10 new ones.
        </p>
      )}
      {turningOff ? (
        <TurnOffForm onDone={() => setTurningOff(false)} />
      ) : (
        <div>
          <Button type="button" variant="outline" onClick={() => setTurningOff(true)}>
            <ShieldOffIcon aria-hidden="true" />
            Turn off two-step sign-in
          </Button>
        </div>
      )}
    </div>
  );
}

function TurnOffForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const form = useZodForm(secondFactorCodeSchema, { code: '' });
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);

  async function onSubmit(values: { code: string }) {
    try {
      await disable.mutateAsync(values);
      toast({
        title: 'Two-step sign-in turned off',
        description:
          'Your other sessions were signed out. Set it up again before the next action that needs a code.',
      });
      onDone();
    } catch (error) {
      const { fieldErrors } = getApiErrorDetails(error);
      if (fieldErrors.code)
        form.setError('code', { message: fieldErrors.code }, { shouldFocus: true });
      else toastFailure('Two-step sign-in was not turned off', error, 'Please try again.');
    }
  }

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        className="grid gap-4 rounded-lg border p-4"
        aria-label="Turn off two-step sign-in"
      >
        <FormField
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Code from your app, or a recovery code</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  autoComplete="one-time-code"
                  autoCapitalize="off"
                  spellCheck={false}
                  className="sm:max-w-xs"
                />
              </FormControl>
              <FormDescription>
                Your other sessions will be signed out. Without two-step sign-in you cannot create
                or disable admins or release payouts.
              </FormDescription>
              <FormMessage role="alert" />
            </FormItem>
          )}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <PendingButton
            type="submit"
            variant="destructive"
            pending={disable.isPending || form.formState.isSubmitting}
            pendingLabel="Turning off…"
          >
            Turn off
          </PendingButton>
          <Button type="button" variant="outline" disabled={disable.isPending} onClick={onDone}>
            Keep it on
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** The key as people type it: groups of four. */
const groupsOfFour = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useSetupTwoFactor();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);

  async function start() {
    try {
      setPending(await setup.mutateAsync());
    } catch (error) {
      toastFailure('Two-step sign-in could not be set up', error, 'Please try again.');
    }
  }

  if (!pending) {
    return (
      <div className="grid gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="secondary">Off</Badge>
          <span>Creating or disabling admins and releasing payouts need it.</span>
        </p>
        <div>
          <PendingButton
            type="button"
            pending={setup.isPending}
            pendingLabel="Preparing…"
            keepFocus
            onClick={() => void start()}
          >
            <SmartphoneIcon aria-hidden="true" />
            Set up two-step sign-in
          </PendingButton>
        </div>
      </div>
    );
  }
  return (
    <EnrolSteps
      setup={pending}
      onCancel={() => setPending(null)}
      onEnabled={(codes) => {
        setPending(null);
        onEnabled(codes);
      }}
    />
  );
}

function QrCode({ url, label }: { url: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    // Loaded when needed: the QR encoder stays out of every other screen's code.
    import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [url]);
  if (failed)
    return (
      <p className="text-sm text-muted-foreground">
        The QR code could not be drawn: type the key below instead.
      </p>
    );
  if (!src) return <div className="size-48 animate-pulse rounded-lg bg-muted" aria-hidden="true" />;
  return (
    <img
      src={src}
      alt={label}
      width={192}
      height={192}
      className="size-48 rounded-lg border bg-white p-1"
      data-testid="two-factor-qr"
    />
  );
}

function EnrolSteps({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const form = useZodForm(enableTwoFactorSchema, { code: '', currentPassword: '' });
  const keyId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function onSubmit(values: { code: string; currentPassword: string }) {
    try {
      const { recoveryCodes } = await enable.mutateAsync(values);
      toast({
        title: 'Two-step sign-in is on',
        description: 'Your other sessions were signed out. Save your recovery codes now.',
      });
      onEnabled(recoveryCodes);
    } catch (error) {
      const { fieldErrors } = getApiErrorDetails(error);
      const shown = applyFieldErrors(form.setError, fieldErrors, ['currentPassword', 'code']);
      if (!shown) toastFailure('Two-step sign-in was not turned on', error, 'Please try again.');
    }
  }

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(setup.secret);
      toast({ title: 'Key copied' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: 'Select the key and copy it.',
      });
    }
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <h3 ref={headingRef} tabIndex={-1} className="font-medium outline-none">
          1. Add InsightLab to your authenticator app
        </h3>
        <p className="text-sm text-muted-foreground">
          Scan the QR code with an app such as Google Authenticator, Microsoft Authenticator or
          1Password.
        </p>
        <QrCode
          url={setup.otpauthUrl}
          label="QR code for adding InsightLab to an authenticator app"
        />
        <div className="grid gap-1">
          <p id={keyId} className="text-sm">
            Cannot scan it? Enter this key in the app instead (time-based):
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              aria-labelledby={keyId}
              className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all"
              data-testid="two-factor-secret"
            >
              {groupsOfFour(setup.secret)}
            </code>
            <Button type="button" variant="outline" size="sm" onClick={() => void copyKey()}>
              <CopyIcon aria-hidden="true" />
              Copy key
            </Button>
          </div>
        </div>
      </div>
      <Form {...form}>
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
          className="grid gap-4"
        >
          <h3 className="font-medium">2. Enter the code the app shows</h3>
          <FormField
            control={form.control}
            name="code"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Code from the app</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    className="sm:max-w-xs"
                  />
                </FormControl>
                <FormDescription>
                  6 digits. Turning it on signs out your other sessions.
                </FormDescription>
                <FormMessage role="alert" />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="currentPassword"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Current password</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    type="password"
                    autoComplete="current-password"
                    className="sm:max-w-xs"
                  />
                </FormControl>
                <FormDescription>So that only you can add a phone to your account.</FormDescription>
                <FormMessage role="alert" />
              </FormItem>
            )}
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <PendingButton
              type="submit"
              pending={enable.isPending || form.formState.isSubmitting}
              pendingLabel="Turning on…"
            >
              Turn on two-step sign-in
            </PendingButton>
            <Button type="button" variant="outline" disabled={enable.isPending} onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </Form>
    </div>
  );
}

function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const text = `InsightLab recovery codes\nEach works once, instead of a code from the app.\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Recovery codes copied' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: 'Download them instead.',
      });
    }
  }

  function download() {
    saveFile(
      new Blob([text], { type: 'text/plain;charset=utf-8' }),
      'insightlab-recovery-codes.txt',
    );
  }

  return (
    <div className="grid gap-4" data-testid="recovery-codes">
      <h3 ref={headingRef} tabIndex={-1} className="font-medium outline-none">
        Save your recovery codes
      </h3>
      <p className="text-sm">
        If you lose your phone, each of these codes signs you in once instead of a code from the
        app. They are shown only now: keep them somewhere safe, such as a password manager.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-1 rounded-lg border bg-muted/40 p-3 font-mono text-sm min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Download codes
        </Button>
        <Button type="button" onClick={onSaved}>
          <CheckIcon aria-hidden="true" />I have saved them
        </Button>
      </div>
    </div>
  );
}
