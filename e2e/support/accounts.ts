/** The super admin the e2e server is started with (ADMIN_EMAIL/ADMIN_PASSWORD); test-only credentials. */
export const E2E_ADMIN = {
  email: 'e2e-owner@example.com',
  password: 'E2e-Owner-Lantern-91',
} as const;
