export const sessionKeys = {
  session: ['/api/auth/session'] as const,
};
