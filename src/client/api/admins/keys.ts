export const adminKeys = {
  all: ['/api/admin/list'] as const,
};

export const adminUrl = (id: string) => `/api/admin/${encodeURIComponent(id)}`;

/** The signed-in admin's own second factor (GET /api/admin/2fa). */
export const twoFactorKeys = {
  status: ['/api/admin/2fa'] as const,
};
