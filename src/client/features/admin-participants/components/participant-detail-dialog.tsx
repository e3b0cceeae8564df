import { CheckCircle2Icon, MailIcon, PhoneIcon } from 'lucide-react';
import { telHref } from '@/client/lib/tel-href';
import type * as React from 'react';
import { useRef } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/client/components/ui/avatar';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';
import { useParticipant } from '@/client/api/participants/get-participant';
import {
  useOptionLabels,
  type OptionSet,
} from '@/client/components/layout/admin-recruiting-labels';
import { formatDate } from '@/client/lib/format-date';
import { ageFromDateOfBirth, profileCompletion } from '@/shared/rules/profile';
import type { AdminParticipant, Participant } from '@/shared/schemas/participants';
import { fullNameOf, initialsOf } from '../participant-format';
import { BlockParticipantDialog } from './block-participant-dialog';
import { DeleteParticipantDialog } from './delete-participant-dialog';
import { ParticipantEarnings } from './participant-earnings';

/** The list gives the admin's view (block reason, duplicates); a person opened by id does not. */
type Shown = Participant & Partial<Pick<AdminParticipant, 'blockedReason' | 'possibleDuplicates'>>;

const NOT_GIVEN = <span className="text-muted-foreground">Not given</span>;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm wrap-anywhere">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function dateOfBirthText(dateOfBirth: string | null): React.ReactNode {
  const date = formatDate(dateOfBirth);
  if (!dateOfBirth || !date) return NOT_GIVEN;
  return `${date} (${ageFromDateOfBirth(dateOfBirth)} years)`;
}

/**
 * One participant in full: photo (private, sent with the admin's session cookie) or
 * initials, contact details, demographics, profile completion, earnings, and delete.
 */
/** Staff's words as a sentence: a full stop unless they end in one of their own. */
const asSentence = (text: string) =>
  /[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;

export function ParticipantDetailDialog({
  participant,
  onOpenChange,
  onDeleted,
  onCloseAutoFocus,
  onOpen,
}: {
  participant: Shown | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** Shows another participant instead (a possible duplicate), or this one changed. */
  onOpen: (participant: Shown) => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={participant !== null} onOpenChange={onOpenChange}>
      {participant && (
        <DialogContent
          className="max-w-2xl"
          // The first control that cannot do harm, not "Delete participant" (Radix skips
          // the e-mail and phone links when it picks the first control).
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeRef.current?.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Details
            participant={participant}
            onDeleted={onDeleted}
            closeRef={closeRef}
            onOpen={onOpen}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function Details({
  participant: p,
  onDeleted,
  closeRef,
  onOpen,
}: {
  participant: Shown;
  onDeleted: () => void;
  closeRef: React.Ref<HTMLButtonElement>;
  onOpen: (participant: Shown) => void;
}) {
  const name = fullNameOf(p);
  const completion = profileCompletion(p);
  const joined = formatDate(p.createdAt);
  const lastSignIn = formatDate(p.lastLoginAt);

  return (
    <>
      <DialogHeader className="flex-row items-center gap-4">
        <Avatar className="size-16">
          {p.profilePhoto && <AvatarImage src={p.profilePhoto} alt={`Photo of ${name}`} />}
          <AvatarFallback className="text-xl">{initialsOf(p)}</AvatarFallback>
        </Avatar>
        <div className="grid min-w-0 gap-1">
          <DialogTitle className="wrap-anywhere">{name}</DialogTitle>
          <DialogDescription>
            Joined {joined ?? 'on an unknown date'}
            {' · '}
            {lastSignIn ? `last signed in ${lastSignIn}` : 'never signed in'}
          </DialogDescription>
          <div className="flex flex-wrap gap-1.5">
            {/* Blocked says more than Active: one state, not two that disagree. */}
            {!p.blocked && (
              <Badge variant={p.isActive ? 'success' : 'secondary'}>
                {p.isActive ? 'Active' : 'Inactive'}
              </Badge>
            )}
            {p.isVerified && (
              <Badge variant="info">
                <CheckCircle2Icon aria-hidden="true" />
                Verified
              </Badge>
            )}
            <Badge variant="outline">Profile {completion}% complete</Badge>
            {p.blocked && <Badge variant="destructive">Blocked</Badge>}
            {(p.possibleDuplicates?.length ?? 0) > 0 && (
              <Badge variant="warning">Possible duplicate</Badge>
            )}
          </div>
        </div>
      </DialogHeader>

      <Section title="Contact">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label="E-mail">
            <a
              href={`mailto:${p.email}`}
              className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
            >
              <MailIcon className="size-4 shrink-0" aria-hidden="true" />
              <span className="wrap-anywhere">{p.email}</span>
            </a>
          </Field>
          <Field label="Phone">
            <a
              href={telHref(p.phone)}
              className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
            >
              <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
              {p.phone}
            </a>
          </Field>
        </dl>
      </Section>

      <Section title="About">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Field label="Location">{p.location || NOT_GIVEN}</Field>
          <Field label="Age">{p.age || NOT_GIVEN}</Field>
          <Field label="Date of birth">{dateOfBirthText(p.dateOfBirth)}</Field>
          <Field label="Occupation">{p.occupation || NOT_GIVEN}</Field>
          <Field label="Education">{p.education || NOT_GIVEN}</Field>
          <Field label="Photo">{p.profilePhoto ? 'Uploaded' : NOT_GIVEN}</Field>
        </dl>
      </Section>

      <ResearchProfile participant={p} />

      {p.blocked && (
        <Section title="Blocked">
          <p className="text-sm">
            {p.blockedReason ? `Reason: ${asSentence(p.blockedReason)}` : 'No reason was given.'}{' '}
            They cannot sign in or apply until unblocked.
          </p>
        </Section>
      )}

      {(p.possibleDuplicates?.length ?? 0) > 0 && (
        <Section title="Possible duplicates">
          <p className="text-sm text-muted-foreground">
            The same first and last name and date of birth, or the same payout number.
          </p>
          <ul className="flex flex-wrap gap-2">
            {p.possibleDuplicates?.map((id) => (
              <li key={id}>
                <DuplicateLink id={id} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section title="Earnings">
        <ParticipantEarnings participantId={p.id} />
      </Section>

      <DialogFooter className="border-t pt-4 sm:justify-between">
        <div className="flex flex-wrap gap-2">
          <DeleteParticipantDialog participant={p} onDeleted={onDeleted} />
          <BlockParticipantDialog
            participant={p}
            onChanged={(changed) => onOpen(changed ?? { ...p, blocked: !p.blocked })}
          />
        </div>
        <DialogClose asChild>
          <Button ref={closeRef} variant="outline">
            Close
          </Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

/** A possible duplicate, named once loaded: opening it shows that person instead. */
function DuplicateLink({ id, onOpen }: { id: string; onOpen: (participant: Shown) => void }) {
  const other = useParticipant(id);
  if (other.isPending) return <span className="text-sm text-muted-foreground">Loading…</span>;
  if (other.isError)
    return <span className="text-sm text-muted-foreground">A participant who is gone</span>;
  const person = other.data.participant;
  return (
    <Button variant="outline" size="sm" onClick={() => onOpen(person)}>
      {fullNameOf(person)}
      <span className="sr-only"> (open)</span>
    </Button>
  );
}

const listOf = (label: (set: OptionSet, v: string) => string, set: OptionSet, values: string[]) =>
  values.length > 0 ? values.map((v) => label(set, v)).join(', ') : NOT_GIVEN;

/** The research profile of decisions.md section 10, in words. */
function ResearchProfile({ participant: p }: { participant: Participant }) {
  const { label, field } = useOptionLabels();
  const one = (set: OptionSet, value: string | null) => (value ? label(set, value) : NOT_GIVEN);
  return (
    <Section title="Research profile">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field label={field('gender')}>{one('gender', p.gender)}</Field>
        <Field label={field('county')}>{p.county ?? NOT_GIVEN}</Field>
        <Field label={field('town')}>{p.town || NOT_GIVEN}</Field>
        <Field label={field('employment')}>{one('employment', p.employment)}</Field>
        <Field label={field('incomeBand')}>{one('incomeBand', p.incomeBand)}</Field>
        <Field label={field('internetAccess')}>{one('internetAccess', p.internetAccess)}</Field>
        <Field label={field('languages')}>{listOf(label, 'language', p.languages)}</Field>
        <Field label={field('devices')}>{listOf(label, 'device', p.devices)}</Field>
        <Field label={field('mobileMoney')}>{listOf(label, 'mobileMoney', p.mobileMoney)}</Field>
        <Field label="Invitations">{p.inviteOptIn ? 'Opted in' : 'Not opted in'}</Field>
      </dl>
    </Section>
  );
}
