/** A phone number as a `tel:` link: only the digits and the leading +, as dialers want. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
