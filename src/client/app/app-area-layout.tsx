import { Outlet } from 'react-router';
import { TooltipProvider } from '@/client/components/ui/tooltip';

/**
 * The signed-in area (dashboards, settings, admin screens). Its tooltips share one
 * provider with the spec's delays; it is loaded with those screens, so the public
 * pages do not carry Radix Tooltip and its positioning engine.
 */
export function AppAreaLayout() {
  return (
    <TooltipProvider>
      <Outlet />
    </TooltipProvider>
  );
}
