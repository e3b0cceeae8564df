/** The brand and its contact details: the one place they are written. */
export const site = {
  name: 'InsightLab',
  legalName: 'InsightLab Product Consulting',
  tagline: 'Product management and research that moves the numbers',
  email: 'hello@insightlab.co.ke',
  phone: '+254 700 000 000',
  city: 'Nairobi, Kenya',
  copyrightYear: 2025,
} as const;
