import type { TooltipProps } from '@mantine/core';
import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from './whenIdle.ts';

type TooltipComponent = ComponentType<TooltipProps>;

let loaded: TooltipComponent | null = null;
let loading: Promise<TooltipComponent> | null = null;

function loadTooltip(): Promise<TooltipComponent> {
  loading ??= import('./tooltipModule.ts').then((m) => (loaded = m.Tooltip as TooltipComponent));
  return loading;
}

/**
 * Mantine's Tooltip, loaded when the browser is first idle after the page paints rather than in the
 * page's first load (Tooltip brings floating-ui, ≈ 15 KB gzipped). Until it arrives the
 * child shows alone (a tooltip adds no box of its own, so nothing moves when it does).
 */
export function IdleTooltip({ children, ...props }: TooltipProps) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => loaded);
  useEffect(() => {
    if (Tooltip) return;
    let live = true;
    const cancel = whenIdle(() => {
      void loadTooltip().then(
        (component) => live && setTooltip(() => component),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [Tooltip]);
  if (!Tooltip) return children;
  return <Tooltip {...props}>{children}</Tooltip>;
}
