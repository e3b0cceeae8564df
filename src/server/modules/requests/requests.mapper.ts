import type { ClientRequest, ResearchRequest } from '../../../shared/schemas/requests';
import type { ClientRequestRow, ResearchRequestRow } from './requests.repo';

export function toClientRequest(row: ClientRequestRow): ClientRequest {
  return {
    id: row.id,
    companyName: row.companyName,
    contactPerson: row.contactPerson,
    email: row.email,
    service: row.service,
    urgency: row.urgency,
    budget: row.budget,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toResearchRequest(row: ResearchRequestRow): ResearchRequest {
  return {
    id: row.id,
    company: row.company,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    projectType: row.projectType,
    description: row.description,
    timeline: row.timeline,
    budget: row.budget,
    targetAudience: row.targetAudience,
    goals: row.goals,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
