import {
  cloneElement,
  Suspense,
  useState,
  type ComponentType,
  type HTMLAttributes,
  type LazyExoticComponent,
  type MouseEvent,
  type ReactElement,
} from 'react';

type TargetProps = HTMLAttributes<HTMLElement>;

/** The props a deferred menu's lazily loaded part receives: the button to wrap in its Menu.Target. */
export interface DeferredMenuProps {
  target: ReactElement<TargetProps>;
}

/**
 * A menu whose button paints with the page and whose menu (Mantine Menu, floating-ui, the items)
 * loads on the first open (the top bar's menus are not in home's first load). Pointing at
 * or focusing the button starts the load early; the first click opens the menu once it has arrived
 * (the loaded part renders `<Menu defaultOpened>` around the same button).
 */
export function DeferredMenu({
  target,
  menu: Menu,
  load,
}: {
  target: ReactElement<TargetProps>;
  /** `lazy(load)`, made once at module level */
  menu: LazyExoticComponent<ComponentType<DeferredMenuProps>>;
  load: () => Promise<unknown>;
}) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void load().catch(() => undefined);
  const button = cloneElement(target, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      target.props.onClick?.(event);
      setWanted(true);
    },
    onPointerEnter: preload,
    onFocus: preload,
  });
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <Menu target={button} />
    </Suspense>
  );
}
