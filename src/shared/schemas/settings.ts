import { z } from 'zod';

export const settingsSchema = z.object({
  /** False while research studies are postponed (the footer and dashboard notices). */
  studiesOpen: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: Settings = { studiesOpen: false };
