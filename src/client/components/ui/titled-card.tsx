import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

/**
 * A card with a real heading (`heading`, h2 unless the page's outline wants h3), an
 * optional description read under it, and its content.
 */
export function TitledCard({
  title,
  heading: Heading = 'h2',
  description,
  className,
  contentClassName,
  children,
}: {
  title: ReactNode;
  heading?: 'h2' | 'h3';
  description?: ReactNode;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle asChild className="text-lg">
          <Heading>{title}</Heading>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
