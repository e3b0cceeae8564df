import { CheckCircle2Icon, Loader2Icon } from 'lucide-react';
import { useZodForm } from '@/client/lib/use-zod-form';
import { useEffect, useRef, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { toast } from '@/client/components/ui/use-toast';
import { reportSubmitFailure } from '@/client/lib/form-errors';
import { useLocalizedPath, useT } from '@/client/i18n/language';
import { paths } from '@/shared/paths';
import { inquiryBudgets, inquiryServices, urgencies } from '@/shared/schemas/options';
import { clientRequestSchema } from '@/shared/schemas/requests';
import { useCreateClientRequest } from '@/client/api/requests/create-client-request';
import { useHydrated } from '@/client/lib/use-hydrated';
import { useSiteNavigate } from '@/client/lib/site-nav';
import {
  ChoiceField,
  EmailField,
  LongTextField,
  TextField,
} from '@/client/components/ui/form-fields';
import { LeadForm } from './lead-form';

type InquiryValues = z.input<typeof clientRequestSchema>;
type InquiryPayload = z.output<typeof clientRequestSchema>;

/** Spec section 9: after a sent inquiry the visitor goes home (/ or /sw) after 2 seconds. */
export const REDIRECT_DELAY_MS = 2000;

const emptyValues: DefaultValues<InquiryValues> = {
  companyName: '',
  contactPerson: '',
  email: '',
  service: undefined,
  urgency: '',
  budget: '',
  message: '',
  website: '',
};

const serverFields = [
  'companyName',
  'contactPerson',
  'email',
  'service',
  'urgency',
  'budget',
  'message',
] as const;

/**
 * "Let's Work Together": the company inquiry (POST /api/client-requests). A failed
 * submission keeps every value so nothing typed is lost.
 */
export function CompanyInquiryForm() {
  const t = useT('leads');
  const lp = useLocalizedPath();
  const navigate = useSiteNavigate();
  const createRequest = useCreateClientRequest();
  const [sent, setSent] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const form = useZodForm(clientRequestSchema, emptyValues);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  async function onSubmit(values: InquiryPayload) {
    try {
      await createRequest.mutateAsync(values);
      setSent(true);
      toast({ title: t('inquiry.sentTitle'), description: t('inquiry.sentText') });
      redirectTimer.current = setTimeout(() => navigate(lp(paths.home)), REDIRECT_DELAY_MS);
    } catch (error) {
      reportSubmitFailure(
        form.setError,
        serverFields,
        error,
        t('inquiry.failedTitle'),
        (message) => message ?? t('inquiry.failedFallback'),
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
        <>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={!hydrated || pending || sent}
          >
            {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {sent && <CheckCircle2Icon aria-hidden="true" />}
            {pending ? t('inquiry.sending') : sent ? t('inquiry.sent') : t('inquiry.submit')}
          </Button>
          {sent && <p className="text-sm text-muted-foreground">{t('inquiry.sentText')}</p>}
        </>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          control={control}
          name="companyName"
          label={t('inquiry.field.companyName')}
          required
          autoComplete="organization"
        />
        <TextField
          control={control}
          name="contactPerson"
          label={t('inquiry.field.contactPerson')}
          required
          autoComplete="name"
        />
      </div>
      <EmailField control={control} name="email" required />
      <ChoiceField
        control={control}
        name="service"
        label={t('inquiry.field.service')}
        required
        options={inquiryServices.values.map((value) => ({
          value,
          label: t(`option.service.${value}`),
        }))}
        placeholder={t('inquiry.field.servicePlaceholder')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <ChoiceField
          optional
          control={control}
          name="urgency"
          label={t('inquiry.field.urgency')}
          options={urgencies.values.map((value) => ({
            value,
            label: t(`option.urgency.${value}`),
          }))}
          placeholder={t('inquiry.field.urgencyPlaceholder')}
        />
        <ChoiceField
          optional
          control={control}
          name="budget"
          label={t('inquiry.field.budget')}
          options={inquiryBudgets.values.map((value) => ({
            value,
            label: t(`option.inquiryBudget.${value}`),
          }))}
          placeholder={t('inquiry.field.budgetPlaceholder')}
        />
      </div>
      <LongTextField
        control={control}
        name="message"
        label={t('inquiry.field.message')}
        required
        rows={6}
        placeholder={t('inquiry.field.messagePlaceholder')}
      />
    </LeadForm>
  );
}
