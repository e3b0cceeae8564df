/** Spec section 9: the figures, the Overview and the bell are fetched again every 30 seconds. */
export const REFRESH_EVERY_MS = 30_000;
