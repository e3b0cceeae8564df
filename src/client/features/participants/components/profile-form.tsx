import { useWatch } from 'react-hook-form';
import { useZodForm } from '@/client/lib/use-zod-form';
import type { z } from 'zod';
import { Form } from '@/client/components/ui/form';
import { toast } from '@/client/components/ui/use-toast';
import { useFormErrorToast } from '@/client/lib/use-form-error-toast';
import { getApiErrorDetails } from '@/client/lib/api';
import { useT } from '@/client/i18n/language';
import { errorMessageOf } from '@/client/lib/error-message';
import { applyFieldErrors } from '@/client/lib/form-errors';
import { ageFromDateOfBirth } from '@/shared/rules/profile';
import { ageRanges, educationLevels } from '@/shared/schemas/options';
import { type Participant, researchProfileSchema } from '@/shared/schemas/participants';
import { useUpdateParticipantProfile } from '@/client/api/participants/update-participant-profile';
import { ChoiceField, TextField } from '@/client/components/ui/form-fields';
import { PendingButton } from '@/client/components/ui/pending-button';

type Values = z.input<typeof researchProfileSchema>;
type Payload = z.output<typeof researchProfileSchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
type AgeRange = (typeof ageRanges.values)[number];
type Education = (typeof educationLevels.values)[number];
const isAgeRange = (value: string | null): value is AgeRange =>
  value !== null && (ageRanges.values as readonly string[]).includes(value);
const isEducation = (value: string | null): value is Education =>
  value !== null && (educationLevels.values as readonly string[]).includes(value);

function valuesOf(p: Participant): Values {
  return {
    location: p.location ?? '',
    // An age worked out from the date of birth is a number, not one of the ranges.
    age: isAgeRange(p.age) ? p.age : '',
    occupation: p.occupation ?? '',
    dateOfBirth: p.dateOfBirth ?? '',
    education: isEducation(p.education) ? p.education : '',
  };
}

function todayIso(): string {
  return new Date().toISOString().slice(0, 10);
}

const serverFields = ['location', 'age', 'occupation', 'dateOfBirth', 'education'] as const;

/**
 * The dashboard's profile form: the research profile (location, age, occupation, date of
 * birth, education). With a date of birth, the age is worked
 * out from it (spec section 4) and the age range is not asked.
 */
export function ProfileForm({
  participant,
  onSaved,
}: {
  participant: Participant;
  onSaved?: (participant: Participant) => void;
}) {
  const t = useT('profile');
  const update = useUpdateParticipantProfile(participant.id);
  const form = useZodForm(researchProfileSchema, valuesOf(participant));
  const errorToast = useFormErrorToast(form);
  const dateOfBirth = useWatch({ control: form.control, name: 'dateOfBirth' }) ?? '';
  const computedAge =
    ISO_DATE.test(dateOfBirth) && dateOfBirth <= todayIso()
      ? ageFromDateOfBirth(dateOfBirth)
      : null;

  async function onSubmit(values: Payload) {
    // With a date of birth the server sets the age itself.
    const payload = values.dateOfBirth ? { ...values, age: undefined } : values;
    try {
      const answer = await update.mutateAsync(payload);
      form.reset(valuesOf(answer.participant));
      toast({ title: t('updated.title'), description: t('updated.description') });
      onSaved?.(answer.participant);
    } catch (error) {
      applyFieldErrors(form.setError, getApiErrorDetails(error).fieldErrors, serverFields);
      errorToast.showError({
        title: t('updateFailed.title'),
        description: errorMessageOf(error, t('form.updateFailed.default')),
      });
    }
  }

  const pending = form.formState.isSubmitting;
  const educationOptions = educationLevels.values.map((value) => ({
    value,
    label: t(`option.education.${value}`),
  }));

  return (
    <Form {...form}>
      <form
        onSubmit={form.handleSubmit(onSubmit, errorToast.dismissError)}
        noValidate
        className="grid gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="location"
            label={t('form.location')}
            optional
            autoComplete="address-level2"
          />
          <TextField
            control={form.control}
            name="occupation"
            label={t('form.occupation')}
            optional
            autoComplete="organization-title"
          />
          <TextField
            control={form.control}
            name="dateOfBirth"
            label={t('form.dateOfBirth')}
            type="date"
            optional
            autoComplete="bday"
            max={todayIso()}
          />
          {computedAge === null ? (
            <ChoiceField
              optional
              control={form.control}
              name="age"
              label={t('form.ageRange')}
              options={ageRanges.options}
              placeholder={t('form.ageRange.placeholder')}
            />
          ) : (
            <div className="grid content-start gap-2">
              <p className="text-sm leading-none font-medium">{t('form.age')}</p>
              <p className="flex h-10 items-center text-sm" aria-live="polite">
                {t('form.age.years', { count: computedAge })}
                <span className="ml-1 text-muted-foreground">{t('form.age.fromDateOfBirth')}</span>
              </p>
            </div>
          )}
          <ChoiceField
            optional
            control={form.control}
            name="education"
            label={t('form.education')}
            options={educationOptions}
            placeholder={t('form.education.placeholder')}
          />
        </div>
        <div className="flex justify-end">
          <PendingButton type="submit" pending={pending} pendingLabel={t('saving')}>
            {t('form.save')}
          </PendingButton>
        </div>
      </form>
    </Form>
  );
}
