import { type HTMLInputAutoCompleteAttribute, type ReactNode, useId } from 'react';
import type { Control, FieldPath, FieldValues, UseFormRegister } from 'react-hook-form';
import { Checkbox } from '@/client/components/ui/checkbox';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/client/components/ui/select';
import { Textarea } from '@/client/components/ui/textarea';
import { useT } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';
import { LIMITS } from '@/shared/schemas/fields';
import { HONEYPOT_NAME } from '@/shared/schemas/requests';

/**
 * The forms' labelled fields (react-hook-form + the shared zod schemas). A `required`
 * field shows an asterisk (hidden from screen readers, which hear "required" from the
 * control instead); an `optional` one says "(optional)"; a form whose fields are all
 * required marks none. Errors appear under the field and are tied to it by FormControl
 * (aria-invalid, aria-describedby).
 */
function FieldLabel({
  label,
  required,
  optional,
}: {
  label: string;
  required: boolean;
  optional: boolean;
}) {
  const t = useT('ui');
  return (
    <FormLabel>
      <span>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        )}
        {optional && !required && (
          <>
            {' '}
            <span className="font-normal text-muted-foreground">{t('form.optional')}</span>
          </>
        )}
      </span>
    </FormLabel>
  );
}

/** A field's frame: its label, the control, the hint under it, then its error. */
function FieldFrame({
  label,
  required,
  optional,
  description,
  className,
  children,
}: {
  label: string;
  required: boolean;
  optional: boolean;
  description: ReactNode;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <FormItem className={className}>
      <FieldLabel label={label} required={required} optional={optional} />
      {children}
      {description && <FormDescription>{description}</FormDescription>}
      <FormMessage />
    </FormItem>
  );
}

/** Where the asterisk goes in the translated sentence (a character no message contains). */
const ASTERISK_SLOT = '\u{E000}';

/** The note that explains the asterisks, once per form. */
export function RequiredFieldsNote({ className }: { className?: string }) {
  const t = useT('ui');
  // Each language puts the asterisk where its sentence needs it.
  const [before = '', after = ''] = t('form.requiredNote', { asterisk: ASTERISK_SLOT }).split(
    ASTERISK_SLOT,
  );
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      {before}
      <span aria-hidden="true" className="text-destructive">
        *
      </span>
      <span className="sr-only">{t('form.asterisk')}</span>
      {after}
    </p>
  );
}

type BaseFieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  optional?: boolean;
  /** A hint under the field, read with it. */
  description?: ReactNode;
  className?: string;
};

export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  optional = false,
  description,
  className,
  type = 'text',
  autoComplete,
  inputMode,
  min,
  max,
  step,
  placeholder,
}: BaseFieldProps<T> & {
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'number';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  min?: string | number;
  max?: string | number;
  step?: string | number;
  placeholder?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FieldFrame
          label={label}
          required={required}
          optional={optional}
          description={description}
          className={className}
        >
          <FormControl>
            <Input
              {...field}
              value={(field.value as string | undefined) ?? ''}
              type={type}
              autoComplete={autoComplete}
              inputMode={inputMode}
              min={min}
              max={max}
              step={step}
              placeholder={placeholder}
              required={required}
            />
          </FormControl>
        </FieldFrame>
      )}
    />
  );
}

/**
 * The one phone field of every form: type tel, and the formats it takes (shared
 * `phoneField`: Kenyan local, or international with +), read with it.
 */
export function PhoneField<T extends FieldValues>({
  label,
  description,
  ...props
}: Omit<BaseFieldProps<T>, 'label'> & { label?: string }) {
  const t = useT('ui');
  return (
    <TextField
      {...props}
      label={label ?? t('field.phone')}
      description={description ?? t('field.phoneHint')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
    />
  );
}

/** The one e-mail field: typed, keyboarded and autofilled as an address. */
export function EmailField<T extends FieldValues>({
  label,
  ...props
}: Omit<BaseFieldProps<T>, 'label'> & { label?: string }) {
  const t = useT('ui');
  return (
    <TextField
      {...props}
      label={label ?? t('field.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
    />
  );
}

/**
 * A password being chosen, or its confirmation (`confirm`, which does not repeat the
 * rule, shared `newPasswordField`): the browser may offer to generate and save it.
 */
export function NewPasswordField<T extends FieldValues>({
  label,
  confirm = false,
  ...props
}: Omit<BaseFieldProps<T>, 'label'> & { label?: string; confirm?: boolean }) {
  const t = useT('ui');
  return (
    <TextField
      description={confirm ? undefined : t('field.newPasswordHint', { min: LIMITS.passwordMin })}
      {...props}
      label={label ?? t('field.password')}
      type="password"
      autoComplete="new-password"
    />
  );
}

/**
 * First and last name (the form's `firstName` and `lastName`), as every form about a
 * person asks for them; the caller lays them out.
 */
export function NameFields<T extends FieldValues>({
  control,
  required = false,
}: {
  control: Control<T>;
  required?: boolean;
}) {
  const t = useT('ui');
  return (
    <>
      <TextField
        control={control}
        name={'firstName' as FieldPath<T>}
        label={t('field.firstName')}
        autoComplete="given-name"
        required={required}
      />
      <TextField
        control={control}
        name={'lastName' as FieldPath<T>}
        label={t('field.lastName')}
        autoComplete="family-name"
        required={required}
      />
    </>
  );
}

export function LongTextField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  optional = false,
  description,
  className,
  rows = 5,
  placeholder,
}: BaseFieldProps<T> & { rows?: number; placeholder?: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FieldFrame
          label={label}
          required={required}
          optional={optional}
          description={description}
          className={className}
        >
          <FormControl>
            <Textarea
              {...field}
              value={(field.value as string | undefined) ?? ''}
              rows={rows}
              placeholder={placeholder}
              required={required}
            />
          </FormControl>
        </FieldFrame>
      )}
    />
  );
}

export function ChoiceField<T extends FieldValues>({
  control,
  name,
  label,
  required = false,
  optional = false,
  description,
  className,
  options,
  placeholder,
}: BaseFieldProps<T> & {
  /** A `disabled` option stays in the list, greyed out (say why in the description). */
  options: readonly { value: string; label: ReactNode; disabled?: boolean }[];
  placeholder?: string;
}) {
  const t = useT('ui');
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FieldFrame
          label={label}
          required={required}
          optional={optional}
          description={description}
          className={className}
        >
          <Select
            value={(field.value as string | undefined) ?? ''}
            onValueChange={field.onChange}
            disabled={field.disabled}
          >
            <FormControl>
              <SelectTrigger
                ref={field.ref}
                onBlur={field.onBlur}
                aria-required={required || undefined}
              >
                <SelectValue placeholder={placeholder ?? t('form.chooseOption')} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value} disabled={option.disabled}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FieldFrame>
      )}
    />
  );
}

/**
 * A ticked-or-not choice held as `true`/`false`: the box, then its label and a line saying
 * what it means (which may hold links); the field's error, if any, underneath.
 */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  className,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  description: ReactNode;
  className?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <div className="flex items-start gap-3">
            <FormControl>
              <Checkbox
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                className="mt-0.5"
              />
            </FormControl>
            <div className="grid gap-1.5">
              <FormLabel className="leading-snug font-normal">{label}</FormLabel>
              <FormDescription>{description}</FormDescription>
            </div>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * The bots' field: off-screen, hidden from assistive technology, out of the tab
 * order and never autofilled, so a person leaves it empty. The server drops any
 * submission that fills it.
 */
export function HoneypotField<T extends FieldValues>({
  register,
}: {
  register: UseFormRegister<T>;
}) {
  const t = useT('ui');
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{t('form.honeypot')}</label>
      <input
        id={id}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        {...register(HONEYPOT_NAME as FieldPath<T>)}
      />
    </div>
  );
}
