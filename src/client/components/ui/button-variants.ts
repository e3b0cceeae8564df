import { cva } from 'class-variance-authority';

/**
 * The button's classes, in a module of their own: the site frame's islands (islands.tsx)
 * style their links and buttons with them without loading Radix's Slot or class merging.
 * No variant repeats a class of the base, so they need no merging to be joined.
 */
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline:
          'border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        // The calls to action: a long label (Kiswahili runs longer) wraps instead of widening the page.
        lg: 'min-h-11 max-w-full rounded-md px-6 py-2 text-base whitespace-normal text-center',
        icon: 'size-10',
        // The top bar's menu button: a size smaller, beside the logo on a phone.
        'icon-sm': 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);
