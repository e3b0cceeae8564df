import { z } from 'zod';

/** GET /api/stats: the public fields, plus the admin fields for an admin session. */
export const statsSchema = z.object({
  participantCount: z.number().int(),
  companiesServed: z.number().int(),
  productsOptimized: z.number().int(),
  activeTests: z.number().int(),
  totalParticipantsNeeded: z.number().int(),
  projectsCompleted: z.number().int().optional(),
  /** KES, a decimal string. */
  totalEarnings: z.string().optional(),
});
export type Stats = z.infer<typeof statsSchema>;

/** A calendar date, "2025-03-03": the Monday a week starts (Nairobi time). */
const weekStart = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /api/stats/trends (admins): the weekly series the Overview charts draw. */
export const statsTrendsSchema = z.object({
  /** The weeks covered, oldest first; every series has one entry per week, zeros included. */
  weeks: z.array(weekStart),
  /** Applications received each week, split by their current status. */
  applicationsPerWeek: z.array(
    z.object({
      weekStart,
      interested: z.number().int(),
      screening: z.number().int(),
      selected: z.number().int(),
      scheduled: z.number().int(),
      completed: z.number().int(),
      declined: z.number().int(),
      disqualified: z.number().int(),
      total: z.number().int(),
    }),
  ),
  /** Participants who registered each week. */
  participantsPerWeek: z.array(z.object({ weekStart, count: z.number().int() })),
  /** Payment totals by status, KES decimal strings (all time). */
  payments: z.object({
    completed: z.string(),
    pending: z.string(),
    processing: z.string(),
    failed: z.string(),
  }),
});
export type StatsTrends = z.infer<typeof statsTrendsSchema>;
export type WeeklyApplications = StatsTrends['applicationsPerWeek'][number];
