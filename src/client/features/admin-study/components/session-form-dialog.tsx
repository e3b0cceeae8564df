import { type ReactNode, useId } from 'react';
import { type FieldPath, useWatch } from 'react-hook-form';
import { FormDialog } from '@/client/components/ui/form-dialog';
import { RequiredFieldsNote, TextField } from '@/client/components/ui/form-fields';
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { ChoiceRadios } from '@/client/components/ui/choice-radios';
import { getApiErrorDetails } from '@/client/lib/api';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { toastFailure } from '@/client/lib/toast-failure';
import { useZodForm } from '@/client/lib/use-zod-form';
import { SESSION_LIMITS } from '@/shared/schemas/sessions';
import {
  sessionFormFields,
  sessionFormSchema,
  type SessionFormValues,
  type SessionPayload,
} from '../session-form';

type SessionForm = ReturnType<typeof useSessionForm>;
type Control = SessionForm['control'];

export function useSessionForm(values: SessionFormValues) {
  return useZodForm(sessionFormSchema, values);
}

/** A choice of a few, as radio buttons moved through with the arrow keys. */
function RadioField({
  control,
  name,
  label,
  options,
}: {
  control: Control;
  name: 'mode' | 'repeat';
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormItem>
          <fieldset className="grid gap-2">
            <legend id={`${id}-legend`} className="mb-2 text-sm font-medium">
              {label}
            </legend>
            <ChoiceRadios
              name={`${id}-${name}`}
              value={field.value}
              onChange={field.onChange}
              options={options}
              labelledBy={`${id}-legend`}
              invalid={fieldState.invalid}
              inputRef={field.ref}
            />
          </fieldset>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The start time: the browser's time field, in Nairobi time. */
function TimeField({ control }: { control: Control }) {
  return (
    <FormField
      control={control}
      name="time"
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            <span>
              Start time (EAT)
              <span aria-hidden="true" className="ml-0.5 text-destructive">
                *
              </span>
            </span>
          </FormLabel>
          <FormControl>
            <Input {...field} type="time" required />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function SessionFields({
  control,
  editing,
  seatsNote,
}: {
  control: Control;
  editing: boolean;
  seatsNote?: string;
}) {
  const mode = useWatch({ control, name: 'mode' });
  const repeat = useWatch({ control, name: 'repeat' });
  return (
    <>
      <RequiredFieldsNote />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField control={control} name="date" label="Date (EAT)" type="date" required />
        <TimeField control={control} />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          control={control}
          name="durationMinutes"
          label="Length (minutes)"
          type="number"
          inputMode="numeric"
          min={SESSION_LIMITS.durationMin}
          max={SESSION_LIMITS.durationMax}
          step={1}
          required
        />
        <TextField
          control={control}
          name="capacity"
          label="Seats"
          type="number"
          inputMode="numeric"
          min={SESSION_LIMITS.capacityMin}
          max={SESSION_LIMITS.capacityMax}
          step={1}
          required
          description={seatsNote}
        />
      </div>
      <RadioField
        control={control}
        name="mode"
        label="Where"
        options={[
          { value: 'in_person', label: 'In person' },
          { value: 'remote', label: 'Remote' },
        ]}
      />
      {mode === 'in_person' ? (
        <TextField control={control} name="location" label="Place" required />
      ) : (
        <TextField
          control={control}
          name="meetingUrl"
          label="Meeting link"
          placeholder="https://"
          required
          description="An https:// link participants join with."
        />
      )}
      {!editing && (
        <>
          <RadioField
            control={control}
            name="repeat"
            label="Repeat"
            options={[
              { value: 'none', label: 'Does not repeat' },
              { value: 'daily', label: 'Daily' },
              { value: 'weekly', label: 'Weekly' },
            ]}
          />
          {repeat !== 'none' && (
            <TextField
              control={control}
              name="count"
              label="Number of sessions"
              type="number"
              inputMode="numeric"
              min={2}
              max={SESSION_LIMITS.seriesMax}
              step={1}
              required
              description={`2 to ${SESSION_LIMITS.seriesMax}, every one within the study dates.`}
            />
          )}
        </>
      )}
    </>
  );
}

/** The server names the start `startsAt`; the form shows it under the date. */
function formFieldErrors(error: unknown): Record<string, string> {
  const { fieldErrors } = getApiErrorDetails(error);
  return fieldErrors.startsAt ? { ...fieldErrors, date: fieldErrors.startsAt } : fieldErrors;
}

/**
 * "Add session" and "Edit session": a date and a start time in Nairobi, the length (the
 * study's by default), in person (a place) or remote (an https link), the seats and, when
 * adding, a daily or weekly repeat. Checked by the server's own schema; the server's field
 * messages (in the past, outside the study dates) appear under the fields.
 */
export function SessionFormDialog({
  form,
  open,
  onOpenChange,
  trigger,
  title,
  description,
  submitLabel,
  pendingLabel,
  editing,
  seatsNote,
  onSave,
  failure,
}: {
  form: SessionForm;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  editing: boolean;
  /** Under the seats: how few they may be (when editing a session people booked). */
  seatsNote?: string;
  onSave: (payload: SessionPayload) => Promise<void>;
  failure: { title: string; text: string };
}) {
  async function onSubmit(payload: SessionPayload) {
    try {
      await onSave(payload);
    } catch (error) {
      applyFieldErrors(
        form.setError,
        formFieldErrors(error),
        sessionFormFields as readonly FieldPath<SessionFormValues>[],
      );
      toastFailure(failure.title, error, failure.text);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={title}
      description={description}
      form={form}
      onSubmit={onSubmit}
      pending={form.formState.isSubmitting}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
    >
      <SessionFields control={form.control} editing={editing} seatsNote={seatsNote} />
    </FormDialog>
  );
}
