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
