/** GET /api/site: the business's contact, configured on the server (decision 028). */
export const siteKeys = {
  path: '/api/site',
  all: ['/api/site'] as const,
};
