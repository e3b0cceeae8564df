export const notificationKeys = {
  all: ['/api/notifications'] as const,
};
