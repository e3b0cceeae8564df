import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import {
  inquiryBudgets,
  inquiryServices,
  requestStatuses,
  researchBudgets,
  researchProjectTypes,
  researchTimelines,
  urgencies,
  type RequestStatus,
} from '../../../shared/schemas/options';
import { createdAt, id, inList, updatedAt } from './_columns';

export const clientRequests = pgTable(
  'client_requests',
  {
    id: id(),
    companyName: varchar('company_name', { length: 200 }).notNull(),
    contactPerson: varchar('contact_person', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    service: varchar('service', { length: 30 }).notNull(),
    urgency: varchar('urgency', { length: 20 }),
    budget: varchar('budget', { length: 20 }),
    message: text('message').notNull(),
    status: varchar('status', { length: 20 }).$type<RequestStatus>().notNull().default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('client_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('client_requests_status_idx').on(t.status),
    check('client_requests_status_check', inList('status', requestStatuses)),
    check('client_requests_service_check', inList('service', inquiryServices.values)),
    check(
      'client_requests_urgency_check',
      sql`urgency IS NULL OR ${inList('urgency', urgencies.values)}`,
    ),
    check(
      'client_requests_budget_check',
      sql`budget IS NULL OR ${inList('budget', inquiryBudgets.values)}`,
    ),
  ],
);

export const researchRequests = pgTable(
  'research_requests',
  {
    id: id(),
    company: varchar('company', { length: 200 }).notNull(),
    contactName: varchar('contact_name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull(),
    projectType: varchar('project_type', { length: 30 }),
    description: text('description').notNull(),
    timeline: varchar('timeline', { length: 20 }),
    budget: varchar('budget', { length: 20 }),
    targetAudience: text('target_audience'),
    goals: text('goals'),
    status: varchar('status', { length: 20 }).$type<RequestStatus>().notNull().default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('research_requests_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('research_requests_status_idx').on(t.status),
    check('research_requests_status_check', inList('status', requestStatuses)),
    check(
      'research_requests_project_type_check',
      sql`project_type IS NULL OR ${inList('project_type', researchProjectTypes.values)}`,
    ),
    check(
      'research_requests_timeline_check',
      sql`timeline IS NULL OR ${inList('timeline', researchTimelines.values)}`,
    ),
    check(
      'research_requests_budget_check',
      sql`budget IS NULL OR ${inList('budget', researchBudgets.values)}`,
    ),
  ],
);
