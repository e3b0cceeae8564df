import { ShieldAlertIcon, ShieldCheckIcon } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { DialogFormActions } from '@/client/components/ui/pending-button';
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
import { getApiErrorDetails } from '@/client/lib/api';
import { errorMessageOf } from '@/client/lib/error-message';
import { useZodForm } from '@/client/lib/use-zod-form';
import { secondFactorFlagsOf, useStepUpMutation } from '@/client/api/auth/step-up';
import { paths } from '@/shared/paths';
import { secondFactorCodeSchema, type SecondFactorCodeInput } from '@/shared/schemas/two-factor';

/**
 * Step-up (decisions.md section 11): actions such as creating or disabling admins and
 * releasing payouts need a code from the authenticator app entered in the last 5 minutes.
 *
 *   const withStepUp = useStepUp();
 *   const answer = await withStepUp(() => createAdmin(values));
 *
 * runs the call; when the server answers 403 `{ stepUp: true }` a dialog asks for the code,
 * sends it (POST /api/auth/step-up) and runs the call once more, answering its result. Cancel
 * rejects with a StepUpCancelledError (`isStepUpCancelled(error)`: nothing to report). An admin
 * who has not set up two-step sign-in (403 `{ enrolRequired: true }`) is told to, with a link
 * to the profile screen; closing that also rejects with StepUpCancelledError. Staff only, so
 * English like the rest of the console.
 */

export class StepUpCancelledError extends Error {
  constructor() {
    super('The code was not entered');
    this.name = 'StepUpCancelledError';
  }
}

/** True for the rejection of a step-up the admin cancelled: the caller says nothing. */
export const isStepUpCancelled = (error: unknown): error is StepUpCancelledError =>
  error instanceof StepUpCancelledError;

type Kind = 'code' | 'enrol';
type Ask = (kind: Kind) => Promise<void>;
type Pending = { kind: Kind; resolve: () => void; reject: (error: unknown) => void };

const StepUpContext = createContext<Ask | null>(null);

/** Where an admin sets up two-step sign-in. */
export const twoFactorSettingsPath = `${paths.profileSettings}?tab=security`;

/** The step-up dialogs of the signed-in area; `useStepUp` works under it. */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  // One question at a time: calls refused together wait for the same answer.
  const asked = useRef<{ kind: Kind; promise: Promise<void> } | null>(null);

  const ask = useCallback<Ask>((kind) => {
    if (asked.current?.kind === kind) return asked.current.promise;
    const promise = new Promise<void>((resolve, reject) => setPending({ kind, resolve, reject }));
    const entry = { kind, promise };
    asked.current = entry;
    const forget = () => {
      if (asked.current === entry) asked.current = null;
    };
    promise.then(forget, forget);
    return promise;
  }, []);

  const settle = useCallback(
    (outcome: { ok: true } | { ok: false; error: unknown }) => {
      if (!pending) return;
      setPending(null);
      if (outcome.ok) pending.resolve();
      else pending.reject(outcome.error);
    },
    [pending],
  );

  return (
    <StepUpContext.Provider value={ask}>
      {children}
      <StepUpCodeDialog
        open={pending?.kind === 'code'}
        onDone={() => settle({ ok: true })}
        onCancel={(error) => settle({ ok: false, error: error ?? new StepUpCancelledError() })}
        onEnrolRequired={() => {
          // Asked for a code, but there is no factor (turned off meanwhile): say so instead.
          if (pending) setPending({ ...pending, kind: 'enrol' });
        }}
      />
      <EnrolRequiredDialog
        open={pending?.kind === 'enrol'}
        onClose={() => settle({ ok: false, error: new StepUpCancelledError() })}
      />
    </StepUpContext.Provider>
  );
}

/** `withStepUp(call)`: runs `call`, asking for a code and retrying once when the server wants one. */
export function useStepUp() {
  const ask = useContext(StepUpContext);
  if (!ask) throw new Error('useStepUp needs a StepUpProvider above it (app-area-layout.tsx)');
  return useCallback(
    async <T,>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        const flags = secondFactorFlagsOf(error);
        if (flags.enrolRequired) {
          await ask('enrol');
          throw new StepUpCancelledError();
        }
        if (!flags.stepUp) throw error;
        await ask('code');
        return call();
      }
    },
    [ask],
  );
}

function StepUpCodeDialog({
  open,
  onDone,
  onCancel,
  onEnrolRequired,
}: {
  open: boolean;
  onDone: () => void;
  onCancel: (error?: unknown) => void;
  onEnrolRequired: () => void;
}) {
  const stepUp = useStepUpMutation();
  const [recovery, setRecovery] = useState(false);
  const form = useZodForm(secondFactorCodeSchema, { code: '' });
  const inputRef = useRef<HTMLInputElement | null>(null);

  function reset() {
    form.reset({ code: '' });
    setRecovery(false);
    stepUp.reset();
  }

  async function onSubmit(values: SecondFactorCodeInput) {
    try {
      await stepUp.mutateAsync(values);
      reset();
      onDone();
    } catch (error) {
      if (secondFactorFlagsOf(error).enrolRequired) {
        reset();
        onEnrolRequired();
        return;
      }
      const { status, fieldErrors } = getApiErrorDetails(error);
      if (status === 401) {
        // The fifth wrong code ended the session: the caller's request fails as signed out.
        reset();
        onCancel(error);
        return;
      }
      form.setError(
        'code',
        { message: fieldErrors.code ?? errorMessageOf(error, 'The code was not accepted.') },
        { shouldFocus: true },
      );
    }
  }

  const pending = stepUp.isPending;
  const switchLabel = recovery ? 'Use the code from my app' : 'Use a recovery code';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || pending) return;
        reset();
        onCancel();
      }}
    >
      <DialogContent data-testid="step-up-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldCheckIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            Confirm it is you
          </DialogTitle>
          <DialogDescription>
            This action needs a code from your authenticator app. After it, you will not be asked
            again for 5 minutes.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
            className="grid gap-4"
          >
            <FormField
              control={form.control}
              name="code"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{recovery ? 'Recovery code' : 'Authentication code'}</FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      ref={(element) => {
                        field.ref(element);
                        inputRef.current = element;
                      }}
                      autoComplete="one-time-code"
                      inputMode={recovery ? 'text' : 'numeric'}
                      autoCapitalize="off"
                      spellCheck={false}
                      maxLength={recovery ? 20 : 12}
                    />
                  </FormControl>
                  <FormDescription>
                    {recovery
                      ? 'One of the recovery codes you saved, like abcde-23456. Each works once.'
                      : 'The 6-digit code your authenticator app shows for InsightLab.'}
                  </FormDescription>
                  <FormMessage role="alert" />
                </FormItem>
              )}
            />
            <Button
              type="button"
              variant="link"
              className="h-auto justify-self-start p-0"
              onClick={() => {
                setRecovery(!recovery);
                form.reset({ code: '' });
                inputRef.current?.focus();
              }}
            >
              {switchLabel}
            </Button>
            <DialogFormActions
              pending={pending}
              onCancel={() => {
                reset();
                onCancel();
              }}
              submitLabel="Confirm"
              pendingLabel="Checking…"
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function EnrolRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid="enrol-required-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <ShieldAlertIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            Set up two-step sign-in first
          </DialogTitle>
          <DialogDescription>
            This action needs a code from an authenticator app on your phone. Set up two-step
            sign-in in your account settings (Security), then try again.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Not now
          </Button>
          <Button asChild>
            <Link to={twoFactorSettingsPath} onClick={onClose}>
              Set up two-step sign-in
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
