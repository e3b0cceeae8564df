/**
 * What a visitor types into a prerendered form before its island hydrates (the page paints
 * first, and a form hydrates as it nears the viewport: decision 041). Hydration sets each
 * controlled field back to the form state's value, which would wipe that text; the boot
 * script records it here from the first keystroke, and the form takes it back once mounted
 * (useZodForm). Text fields only: the other controls do nothing before hydration.
 */
const typed = new Map<string, string>();
let taken = false;

/** From the boot script: records every text field's value as it is typed, until taken. */
export function recordTypedBeforeHydration() {
  document.addEventListener(
    'input',
    (event) => {
      const field = event.target;
      if (taken) return;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      if (!field.name || ['checkbox', 'radio', 'hidden', 'file'].includes(field.type)) return;
      typed.set(field.name, field.value);
    },
    true,
  );
}

/** The values typed before hydration, by field name, once: later calls answer nothing. */
export function takeTypedBeforeHydration(): ReadonlyMap<string, string> {
  taken = true;
  const values = new Map(typed);
  typed.clear();
  return values;
}
