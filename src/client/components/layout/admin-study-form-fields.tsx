import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import { LongTextField, RequiredFieldsNote, TextField } from '@/client/components/ui/form-fields';
import type { createStudySchema } from '@/shared/schemas/studies';

export type StudyFormValues = z.input<typeof createStudySchema>;

/** The fields the server may answer an error on, for applyFieldErrors. */
export const studyFormFields = [
  'title',
  'description',
  'payRate',
  'duration',
  'maxParticipants',
  'startDate',
  'endDate',
  'company',
  'tags',
  'requirements',
] as const;

/**
 * The fields of a study, as "Create test" and "Edit test" show them. The rows of short
 * fields are aligned at the top, so a message under one field never shifts its neighbours.
 */
export function StudyFormFields({ control }: { control: Control<StudyFormValues> }) {
  return (
    <>
      <RequiredFieldsNote />
      <TextField control={control} name="title" label="Title" required />
      <LongTextField control={control} name="description" label="Description" required rows={4} />
      <div className="grid items-start gap-5 sm:grid-cols-3" data-slot="study-figures-row">
        <TextField
          control={control}
          name="payRate"
          label="Pay rate (Ksh per hour)"
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          required
        />
        <TextField
          control={control}
          name="duration"
          label="Duration (hours)"
          type="number"
          inputMode="numeric"
          step={1}
          min={1}
          required
        />
        <TextField
          control={control}
          name="maxParticipants"
          label="Participants needed"
          type="number"
          inputMode="numeric"
          step={1}
          min={1}
          required
        />
      </div>
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <TextField control={control} name="startDate" label="Start date" type="date" required />
        <TextField control={control} name="endDate" label="End date" type="date" required />
      </div>
      <TextField
        control={control}
        name="company"
        label="Company"
        optional
        autoComplete="organization"
      />
      <TextField
        control={control}
        name="tags"
        label="Tags"
        optional
        placeholder="fintech, mobile, usability"
        description="Separate tags with commas; spaces around them and empty entries are dropped."
      />
      <LongTextField
        control={control}
        name="requirements"
        label="Requirements"
        optional
        rows={3}
        placeholder="Who can take part, e.g. uses M-Pesa weekly, lives in Nairobi."
      />
    </>
  );
}
