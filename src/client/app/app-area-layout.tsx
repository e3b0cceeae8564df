import { Outlet } from 'react-router';
import { TooltipProvider } from '@/client/components/ui/tooltip';
import { StepUpProvider } from '@/client/features/auth/step-up';
import { useT } from '@/client/i18n/language';

/**
 * The signed-in area (dashboards, settings, admin screens). Its tooltips share one
 * provider with the spec's delays; it is loaded with those screens, so the public
 * pages do not carry Radix Tooltip and its positioning engine.
 */
export function AppAreaLayout() {
  // The texts every screen here uses (statuses, lists, dialogs, form refusals) load with the
  // area, so opening a tab or a dialog never waits for them (and never loses the focus).
  useT('ui');
  useT('validation');
  return (
    <TooltipProvider>
      {/* Staff actions that need a fresh second-factor code ask for it here (useStepUp). */}
      <StepUpProvider>
        <Outlet />
      </StepUpProvider>
    </TooltipProvider>
  );
}
