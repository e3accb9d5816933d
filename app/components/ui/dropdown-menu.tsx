import { DropdownMenu as Primitive } from "radix-ui";
import type { ReactNode } from "react";
import { useHydrated } from "./hydrated";

/**
 * The design system's dropdown: a button that opens a keyboard-navigable list. The server sends the
 * button as Radix renders it closed; the menu comes in once the page has hydrated (`useHydrated`).
 */
export function DropdownMenu({ trigger, label, children }: { trigger: ReactNode; label: string; children: ReactNode }) {
  if (!useHydrated())
    return (
      <button type="button" aria-haspopup="menu" aria-expanded="false" data-state="closed" className="icon-button" aria-label={label}>
        {trigger}
      </button>
    );
  return (
    <Primitive.Root modal={false}>
      <Primitive.Trigger className="icon-button" aria-label={label}>
        {trigger}
      </Primitive.Trigger>
      <Primitive.Portal>
        <Primitive.Content className="dropdown" align="end" sideOffset={6}>
          {children}
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}

export function DropdownItem({ children, asChild = true, onSelect }: { children: ReactNode; asChild?: boolean; onSelect?: () => void }) {
  return (
    <Primitive.Item className="dropdown__item" asChild={asChild} onSelect={onSelect}>
      {children}
    </Primitive.Item>
  );
}

export function DropdownLabel({ children }: { children: ReactNode }) {
  return <Primitive.Label className="dropdown__label">{children}</Primitive.Label>;
}

export function DropdownSeparator() {
  return <Primitive.Separator className="dropdown__separator" />;
}
