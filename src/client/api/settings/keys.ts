/** One key for the participant pages' notices and the admin's Settings tab, so a change shows everywhere. */
export const settingsKeys = {
  path: '/api/settings',
  all: ['/api/settings'] as const,
};
