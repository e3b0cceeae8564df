/** The label an option set gives a stored value; an unknown value is shown as it is. */
export function optionLabel(
  set: { options: readonly { value: string; label: string }[] },
  value: string | null,
): string | null {
  if (value === null) return null;
  return set.options.find((option) => option.value === value)?.label ?? value;
}
