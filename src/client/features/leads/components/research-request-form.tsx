import type { DefaultValues } from 'react-hook-form';
import { useZodForm } from '@/client/lib/use-zod-form';
import type { z } from 'zod';
import { toast } from '@/client/components/ui/use-toast';
import { reportSubmitFailure } from '@/client/lib/form-errors';
import { researchBudgets, researchProjectTypes, researchTimelines } from '@/shared/schemas/options';
import { researchRequestSchema } from '@/shared/schemas/requests';
import { useT } from '@/client/i18n/language';
import { useCreateResearchRequest } from '@/client/api/requests/create-research-request';
import { useHydrated } from '@/client/lib/use-hydrated';
import {
  ChoiceField,
  EmailField,
  LongTextField,
  PhoneField,
  TextField,
} from '@/client/components/ui/form-fields';
import { LeadForm } from './lead-form';
import { PendingButton } from '@/client/components/ui/pending-button';

type ResearchValues = z.input<typeof researchRequestSchema>;
type ResearchPayload = z.output<typeof researchRequestSchema>;

const emptyValues: DefaultValues<ResearchValues> = {
  company: '',
  contactName: '',
  email: '',
  phone: '',
  projectType: '',
  timeline: '',
  budget: '',
  targetAudience: '',
  goals: '',
  description: '',
  website: '',
};

const serverFields = [
  'company',
  'contactName',
  'email',
  'phone',
  'projectType',
  'timeline',
  'budget',
  'targetAudience',
  'goals',
  'description',
] as const;

/**
 * The research validation request (POST /api/research-requests). On success the
 * form is cleared and the visitor stays; on failure every value is kept.
 */
export function ResearchRequestForm() {
  const t = useT('leads');
  const createRequest = useCreateResearchRequest();
  const form = useZodForm(researchRequestSchema, emptyValues);

  async function onSubmit(values: ResearchPayload) {
    try {
      await createRequest.mutateAsync(values);
      toast({ title: t('researchForm.sentTitle'), description: t('researchForm.sentText') });
      form.reset(emptyValues);
    } catch (error) {
      reportSubmitFailure(form.setError, serverFields, error, t('researchForm.failedTitle'), () =>
        t('researchForm.failedText'),
      );
    }
  }

  const hydrated = useHydrated();
  const pending = form.formState.isSubmitting;
  const { control } = form;

  return (
    <LeadForm
      form={form}
      onSubmit={onSubmit}
      actions={
        <PendingButton
          type="submit"
          size="lg"
          className="w-full"
          disabled={!hydrated || pending}
          pending={pending}
          pendingLabel={t('researchForm.submitting')}
        >
          {t('researchForm.submit')}
        </PendingButton>
      }
    >
      {/* Top-aligned: the phone's hint makes its cell taller, which must not push the e-mail field down. */}
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <TextField
          control={control}
          name="company"
          label={t('researchForm.field.company')}
          required
          autoComplete="organization"
        />
        <TextField
          control={control}
          name="contactName"
          label={t('researchForm.field.contactName')}
          required
          autoComplete="name"
        />
        <EmailField control={control} name="email" required />
        <PhoneField control={control} name="phone" label={t('researchForm.field.phone')} required />
      </div>
      {/* The required fields first; the optional details after them. */}
      <LongTextField
        control={control}
        name="description"
        label={t('researchForm.field.description')}
        required
        rows={5}
        placeholder={t('researchForm.field.descriptionPlaceholder')}
      />
      <div className="grid items-start gap-5 sm:grid-cols-3">
        <ChoiceField
          optional
          control={control}
          name="projectType"
          label={t('researchForm.field.projectType')}
          options={researchProjectTypes.values.map((value) => ({
            value,
            label: t(`option.projectType.${value}`),
          }))}
          placeholder={t('researchForm.field.projectTypePlaceholder')}
        />
        <ChoiceField
          optional
          control={control}
          name="timeline"
          label={t('researchForm.field.timeline')}
          options={researchTimelines.values.map((value) => ({
            value,
            label: t(`option.timeline.${value}`),
          }))}
          placeholder={t('researchForm.field.timelinePlaceholder')}
        />
        <ChoiceField
          optional
          control={control}
          name="budget"
          label={t('researchForm.field.budget')}
          options={researchBudgets.values.map((value) => ({
            value,
            label: t(`option.researchBudget.${value}`),
          }))}
          placeholder={t('researchForm.field.budgetPlaceholder')}
        />
      </div>
      <TextField
        optional
        control={control}
        name="targetAudience"
        label={t('researchForm.field.targetAudience')}
      />
      <LongTextField
        optional
        control={control}
        name="goals"
        label={t('researchForm.field.goals')}
        rows={3}
        placeholder={t('researchForm.field.goalsPlaceholder')}
      />
    </LeadForm>
  );
}
