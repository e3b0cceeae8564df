export const adminKeys = {
  all: ['/api/admin/list'] as const,
};

export const adminUrl = (id: string) => `/api/admin/${encodeURIComponent(id)}`;
