/**
 * "None" among the mobile money services stands alone: ticking it clears the services,
 * ticking a service clears "None" (the shared schema refuses the two together).
 */
export function withExclusiveNone<T extends string>(previous: readonly T[], next: T[]): T[] {
  const none = 'none' as T;
  if (!next.includes(none) || next.length === 1) return next;
  return previous.includes(none) ? next.filter((v) => v !== none) : [none];
}
