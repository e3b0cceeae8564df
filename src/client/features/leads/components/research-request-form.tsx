import type { DefaultValues } from 'react-hook-form';
import { useZodForm } from '@/client/lib/use-zod-form';
import type { z } from 'zod';
import { toast } from '@/client/components/ui/use-toast';
import { reportSubmitFailure } from '@/client/lib/form-errors';
import { researchBudgets, researchProjectTypes, researchTimelines } from '@/shared/schemas/options';
import { researchRequestSchema } from '@/shared/schemas/requests';
import { useCreateResearchRequest } from '@/client/api/requests/create-research-request';
import { useHydrated } from '../use-hydrated';
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
  const createRequest = useCreateResearchRequest();
  const form = useZodForm(researchRequestSchema, emptyValues);

  async function onSubmit(values: ResearchPayload) {
    try {
      await createRequest.mutateAsync(values);
      toast({
        title: 'Request submitted!',
        description:
          'Thank you. Our research team will contact you within 24 hours to plan your study.',
      });
      form.reset(emptyValues);
    } catch (error) {
      reportSubmitFailure(
        form.setError,
        serverFields,
        error,
        'Failed to submit request',
        () => 'Please try again or contact us directly.',
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
          pendingLabel="Submitting…"
        >
          Request research
        </PendingButton>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          control={control}
          name="company"
          label="Company"
          required
          autoComplete="organization"
        />
        <TextField
          control={control}
          name="contactName"
          label="Contact name"
          required
          autoComplete="name"
        />
        <EmailField control={control} name="email" required />
        <PhoneField control={control} name="phone" label="Phone" required />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <ChoiceField
          optional
          control={control}
          name="projectType"
          label="Project type"
          options={researchProjectTypes.options}
          placeholder="Choose a type"
        />
        <ChoiceField
          optional
          control={control}
          name="timeline"
          label="Timeline"
          options={researchTimelines.options}
          placeholder="Choose a timeline"
        />
        <ChoiceField
          optional
          control={control}
          name="budget"
          label="Budget (KES)"
          options={researchBudgets.options}
          placeholder="Choose a range"
        />
      </div>
      <TextField optional control={control} name="targetAudience" label="Target audience" />
      <LongTextField
        optional
        control={control}
        name="goals"
        label="Research goals"
        rows={3}
        placeholder="The decisions this research should help you make."
      />
      <LongTextField
        control={control}
        name="description"
        label="Project description"
        required
        rows={5}
        placeholder="What you are building and what you want to validate with real users."
      />
    </LeadForm>
  );
}
