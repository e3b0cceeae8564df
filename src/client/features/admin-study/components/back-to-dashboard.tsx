import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/client/components/ui/button';
import { adminTabHref } from '@/client/lib/admin-tabs';

const backHref = adminTabHref('tests');

export function BackToDashboard({ asButton = false }: { asButton?: boolean }) {
  return (
    <Button asChild variant={asButton ? 'default' : 'ghost'} size={asButton ? 'default' : 'sm'}>
      <Link to={backHref} className={asButton ? undefined : '-ml-3'}>
        <ArrowLeftIcon aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  );
}
