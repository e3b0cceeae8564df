import { z } from 'zod';
import {
  emailField,
  optionalChoice,
  optionalLongText,
  phoneField,
  requiredName,
  requiredText,
  say,
  text,
} from './fields';
import {
  inquiryBudgets,
  inquiryServices,
  requestStatuses,
  researchBudgets,
  researchProjectTypes,
  researchTimelines,
  urgencies,
} from './options';
import { pageQuery, searchParam } from './paging';

export const requestMessages = {
  companyName: say('companyNameRequired'),
  contactPerson: say('contactPersonRequired'),
  service: say('serviceRequired'),
  message: say('projectDetailsRequired'),
  contactName: say('contactNameRequired'),
  description: say('descriptionRequired'),
} as const;

/**
 * A field people never see; bots fill it. Anything in it marks the submission
 * as automated (answered like a success, stored nowhere).
 */
export const honeypotField = text(say('label.website'), { max: 500 }).optional();
export const HONEYPOT_NAME = 'website';

/** POST /api/client-requests ("Let's Work Together"). */
export const clientRequestSchema = z.object({
  companyName: requiredName(say('label.companyName'), requestMessages.companyName, 200),
  contactPerson: requiredName(say('label.contactPerson'), requestMessages.contactPerson, 200),
  email: emailField,
  service: z.enum(inquiryServices.values, { error: requestMessages.service }),
  urgency: optionalChoice(urgencies.values),
  budget: optionalChoice(inquiryBudgets.values),
  message: requiredText(say('label.projectDetails'), requestMessages.message, 5000),
  [HONEYPOT_NAME]: honeypotField,
});
export type ClientRequestInput = z.input<typeof clientRequestSchema>;
export type ClientRequestData = z.output<typeof clientRequestSchema>;

/** POST /api/research-requests (research validation form). */
export const researchRequestSchema = z.object({
  company: requiredName(say('label.company'), requestMessages.companyName, 200),
  contactName: requiredName(say('label.contactName'), requestMessages.contactName, 200),
  email: emailField,
  phone: phoneField,
  projectType: optionalChoice(researchProjectTypes.values),
  description: requiredText(say('label.description'), requestMessages.description, 5000),
  timeline: optionalChoice(researchTimelines.values),
  budget: optionalChoice(researchBudgets.values),
  targetAudience: optionalLongText(say('label.targetAudience'), 1000),
  goals: optionalLongText(say('label.goals'), 2000),
  [HONEYPOT_NAME]: honeypotField,
});
export type ResearchRequestInput = z.input<typeof researchRequestSchema>;
export type ResearchRequestData = z.output<typeof researchRequestSchema>;

export const clientRequestOutSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  service: z.string(),
  urgency: z.string().nullable(),
  budget: z.string().nullable(),
  message: z.string(),
  status: z.enum(requestStatuses),
  createdAt: z.string(),
});
export type ClientRequest = z.infer<typeof clientRequestOutSchema>;

export const researchRequestOutSchema = z.object({
  id: z.string(),
  company: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  projectType: z.string().nullable(),
  description: z.string(),
  timeline: z.string().nullable(),
  budget: z.string().nullable(),
  targetAudience: z.string().nullable(),
  goals: z.string().nullable(),
  status: z.enum(requestStatuses),
  createdAt: z.string(),
});
export type ResearchRequest = z.infer<typeof researchRequestOutSchema>;

export const requestStatusSchema = z.object({
  status: z.enum(requestStatuses, { error: 'Unknown status' }),
});

/** GET /api/client-requests and /api/research-requests: newest first, by status and search. */
export const requestListQuerySchema = pageQuery.extend({
  status: z.enum(requestStatuses).optional(),
  search: searchParam,
});
export type RequestListQuery = z.output<typeof requestListQuerySchema>;
