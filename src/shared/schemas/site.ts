import { z } from 'zod';

/** GET /api/site: what the prerendered public pages learn at run time (decision 028). */
export const siteInfoSchema = z.object({
  contact: z.object({
    /** The public contact address, or null when CONTACT_EMAIL is not set. */
    email: z.string().nullable(),
    /** The public phone number as people read it ("+254 711 464914"), or null when CONTACT_PHONE is not set. */
    phone: z.string().nullable(),
  }),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
