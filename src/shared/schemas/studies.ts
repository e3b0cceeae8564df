import { z } from 'zod';
import { studyStatuses } from './options';

/** A study as the API describes it (wire name "test"). Money is a decimal string, e.g. "1500.00". */
export const studySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  payRate: z.string(),
  duration: z.number().int(),
  maxParticipants: z.number().int(),
  currentParticipants: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  tags: z.array(z.string()),
  company: z.string().nullable(),
  requirements: z.string().nullable(),
  status: z.enum(studyStatuses),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Study = z.infer<typeof studySchema>;
