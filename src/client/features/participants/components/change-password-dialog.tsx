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
import { useT } from '@/client/i18n/language';
import type { PasswordTarget } from '@/client/api/auth/change-password';
import { ChangePasswordForm } from './change-password-form';

/** The dashboard's change-password dialog; it asks for the current password (decisions.md section 4). */
export function ChangePasswordDialog({ target }: { target: PasswordTarget }) {
  const t = useT('profile');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <KeyRoundIcon aria-hidden="true" />
          {t('password.change')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('password.change')}</DialogTitle>
          <DialogDescription>{t('password.dialog.description')}</DialogDescription>
        </DialogHeader>
        <ChangePasswordForm
          target={target}
          onChanged={() => setOpen(false)}
          actions={
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('cancel')}
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
