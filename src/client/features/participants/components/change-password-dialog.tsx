import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/client/components/ui/dialog';
import type { PasswordTarget } from '@/client/api/auth/change-password';
import { ChangePasswordForm } from './change-password-form';

/** The dashboard's change-password dialog; it asks for the current password (decisions.md section 4). */
export function ChangePasswordDialog({ target }: { target: PasswordTarget }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRoundIcon aria-hidden="true" />
          Change password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change password</DialogTitle>
          <DialogDescription>
            Enter your current password, then the new one twice. Other devices signed in to your
            account will be signed out.
          </DialogDescription>
        </DialogHeader>
        <ChangePasswordForm
          target={target}
          onChanged={() => setOpen(false)}
          actions={
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
