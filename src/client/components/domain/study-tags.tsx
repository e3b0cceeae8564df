import { Badge } from '@/client/components/ui/badge';
import { useT } from '@/client/i18n/language';
import { cn } from '@/client/lib/utils';

/** A study's tags as badges; `truncate` cuts a long tag to the width it has (admin cards). */
export function StudyTags({ tags, truncate = false }: { tags: string[]; truncate?: boolean }) {
  const t = useT('ui');
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('study.tags')}>
      {tags.map((tag) => (
        <li key={tag} className={cn(truncate && 'max-w-full')}>
          <Badge variant="secondary" className={cn(truncate && 'max-w-full truncate')}>
            {tag}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
