import { formatKesDecimal, toCents } from '@/shared/rules/money';

const withCents = new Intl.NumberFormat('en-KE', {
  style: 'currency',
  currency: 'KES',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount to the cent, for money about to move (a release's total): "Ksh 4,500", or
 * "Ksh 2,501.50" when it has cents (formatKes rounds to whole shillings for display).
 */
export function formatKesExact(decimal: string): string {
  const cents = toCents(decimal);
  if (cents % 100n === 0n) return formatKesDecimal(decimal);
  // Exact: the decimal string goes to Intl as a string, never through a float sum.
  return withCents.format(decimal as Intl.StringNumericLiteral);
}
