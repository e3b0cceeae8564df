import { StudiesPostponedNotice } from '@/client/components/marketing/studies-postponed-notice';
import { StatsStrip } from '@/client/features/stats/components/stats-strip';

/**
 * The home page's band about the studies: the notice while studies are postponed, then the
 * figures. One island (see Island): the strip's style reads the notice as its sibling.
 */
export function HomeStudies() {
  return (
    <>
      <StudiesPostponedNotice />
      {/* One band with the notice above it: no line between them. */}
      <StatsStrip className="[#studies-postponed+&]:border-t-0" />
    </>
  );
}
