import type { PayoutReleaseInput } from '@/shared/schemas/payouts';

const payoutsPath = '/api/payouts';

/**
 * Every payout query starts with the path. A change refreshes `list` and `details`: the recent
 * payouts and any payout being followed (not a release's preview, asked when it opens).
 */
export const payoutKeys = {
  path: payoutsPath,
  all: [payoutsPath] as const,
  config: [payoutsPath, 'config'] as const,
  list: [payoutsPath, 'list'] as const,
  details: [payoutsPath, 'detail'] as const,
  detail: (id: string) => [payoutsPath, 'detail', id] as const,
  preview: (input: PayoutReleaseInput) => [payoutsPath, 'preview', input] as const,
};

export const payoutUrl = (id: string) => `${payoutsPath}/${encodeURIComponent(id)}`;
