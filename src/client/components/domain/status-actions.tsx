import { ChevronDownIcon, EllipsisVerticalIcon, Loader2Icon } from 'lucide-react';
import { Fragment, type ReactNode, useState } from 'react';
import { Button, type ButtonProps } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { useT } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';

/** A move that is final or costly, asked first. */
export type MoveConfirmation = {
  title: ReactNode;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  destructive: boolean;
};

/** How one move's button looks, beyond its verb. */
export type MoveButton = {
  variant?: ButtonProps['variant'];
  ariaLabel?: string;
  disabled?: boolean;
  className?: string;
  title?: string;
  describedBy?: string;
  /** Shown instead of the verb (and its "Saving…"). */
  content?: ReactNode;
};

/** How one move's menu item looks, beyond its verb. */
export type MoveItem = { disabled?: boolean; ariaLabel?: string; badge?: ReactNode };

/**
 * The menu of the moves not shown as buttons. `more` is an icon button (its spinner shows
 * while one of its moves is saved), `update` a labelled button that says "Updating…".
 */
export type MoveMenu<S> = {
  trigger: 'more' | 'update';
  ariaLabel: string;
  label: string;
  item?: (to: S) => MoveItem;
};

type Props<S extends string> = {
  /** The moves the state machine allows from the current status (shared/rules/transitions.ts). */
  moves: readonly S[];
  /** Which of them are buttons; the others go in `menu`. */
  asButtons: readonly S[];
  verb: (to: S) => string;
  button?: (to: S, index: number) => MoveButton;
  buttonSize?: ButtonProps['size'];
  menu?: MoveMenu<S>;
  /** A confirmation to ask before the move, if it needs one. */
  confirm?: (to: S) => MoveConfirmation | undefined;
  /** A move of this row is being saved. */
  pending: boolean;
  /** Called with the chosen move (after its confirmation, if any). */
  onMove: (to: S) => void;
  /** What a final status shows. */
  empty: ReactNode;
  /** The wrapper's classes; without them the actions sit in the parent as they are. */
  className?: string;
  /**
   * Keys the buttons by position, so after a move the focused button stays, now offering
   * the next step, instead of leaving the keyboard focus on the page (decision 022).
   */
  keyByPosition?: boolean;
  /** The screen's own dialogs for moves that ask for more than a yes (hours, a reference). */
  children?: ReactNode;
};

/**
 * The row actions of a status along its state machine: the allowed moves as buttons and/or
 * a menu, a confirmation for the final ones, "Saving…" on the move being saved. The
 * labels, aria names and dialogs are the screen's own; this keeps the mechanics in one place.
 */
export function StatusActions<S extends string>({
  moves,
  asButtons,
  verb,
  button = () => ({}),
  buttonSize,
  menu,
  confirm,
  pending,
  onMove,
  empty,
  className,
  keyByPosition = false,
  children,
}: Props<S>) {
  const t = useT('ui');
  const [chosen, setChosen] = useState<S | null>(null);
  // The move asked about stays set while the dialog closes, so its text does not vanish.
  const [confirming, setConfirming] = useState<S | null>(null);
  const [asking, setAsking] = useState(false);

  if (moves.length === 0) return <>{empty}</>;

  function move(to: S) {
    setChosen(to);
    onMove(to);
  }

  function choose(to: S) {
    if (confirm?.(to)) {
      setConfirming(to);
      setAsking(true);
    } else move(to);
  }

  const buttons = moves.filter((to) => asButtons.includes(to));
  const inMenu = moves.filter((to) => !asButtons.includes(to));
  const saving = (to: S) => pending && chosen === to;
  const confirmation = confirming === null ? undefined : confirm?.(confirming);
  const Wrapper = className === undefined ? Fragment : 'div';

  return (
    <Wrapper {...(className === undefined ? {} : { className })}>
      {buttons.map((to, index) => {
        const look = button(to, index);
        return (
          <Button
            key={keyByPosition ? index : to}
            size={buttonSize}
            variant={look.variant}
            // While a move is saved the buttons are only aria-disabled: a disabled button
            // would drop the keyboard focus to the page (decisions.md section 7).
            disabled={look.disabled}
            aria-disabled={pending || undefined}
            aria-label={look.ariaLabel}
            aria-describedby={look.describedBy}
            title={look.title}
            className={cn(pending && 'cursor-default opacity-60', look.className)}
            onClick={() => !pending && choose(to)}
          >
            {saving(to) && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {look.content ?? (saving(to) ? t('action.saving') : verb(to))}
          </Button>
        );
      })}
      {menu && inMenu.length > 0 && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            {menu.trigger === 'more' ? (
              <Button
                size="icon"
                variant="ghost"
                className={cn('size-9', pending && 'cursor-default opacity-60')}
                aria-disabled={pending || undefined}
                onPointerDown={(event) => pending && event.preventDefault()}
                onKeyDown={(event) => pending && event.key !== 'Tab' && event.preventDefault()}
                aria-label={menu.ariaLabel}
                title={t('action.moreActions')}
              >
                {pending && chosen !== null && inMenu.includes(chosen) ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <EllipsisVerticalIcon aria-hidden="true" />
                )}
              </Button>
            ) : (
              <Button variant="outline" size="sm" disabled={pending} aria-label={menu.ariaLabel}>
                {pending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <ChevronDownIcon aria-hidden="true" />
                )}
                {pending ? t('action.updating') : t('action.update')}
              </Button>
            )}
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>{menu.label}</DropdownMenuLabel>
            {inMenu.map((to) => {
              const item = menu.item?.(to) ?? {};
              return (
                <DropdownMenuItem
                  key={to}
                  disabled={item.disabled}
                  onSelect={() => choose(to)}
                  aria-label={item.ariaLabel}
                >
                  {verb(to)}
                  {item.badge}
                </DropdownMenuItem>
              );
            })}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      {confirmation && confirming !== null && (
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          {...confirmation}
          onConfirm={() => {
            move(confirming);
            return true;
          }}
        />
      )}
      {children}
    </Wrapper>
  );
}
