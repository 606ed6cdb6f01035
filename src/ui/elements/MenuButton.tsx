// A button that opens a menu of actions: the WAI-ARIA menu button pattern (docs/adr/0025-menu-button.md).
// The menu is a popover, so it shows in the top layer: a short panel that scrolls (the Tools panel at
// 1280×720 is about 130 px tall) would otherwise clip it.
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './menu-button.css';

/** Where popovers are unknown (jsdom), the menu is an ordinary element beside its button. */
const popovers = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

export interface MenuItem {
  label: string;
  run(): void;
  disabled?: boolean;
  /** A longer explanation, shown as the item's tooltip. */
  title?: string;
}

interface MenuButtonProps {
  /** The button's visible text, e.g. "More". */
  label: ReactNode;
  /** Its accessible name, when the visible text alone says too little ("More tool actions"). */
  name?: string;
  items: readonly MenuItem[];
}

export function MenuButton({ label, name, items }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  /** Which item takes the focus once the menu is on screen: the first, or the last after ArrowUp. */
  const [focusAt, setFocusAt] = useState<'first' | 'last'>('first');
  const buttonId = useId();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const openAt = (where: 'first' | 'last') => {
    setFocusAt(where);
    setOpen(true);
  };
  /** Closes the menu; the focus goes back to the button, as after a native menu. */
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useLayoutEffect(() => {
    const element = menu.current;
    if (!open || !element || !button.current) return;
    if (popovers) element.showPopover();
    place(element, button.current);
    const entries = menuItems(element);
    (focusAt === 'last' ? entries.at(-1) : entries[0])?.focus();
    return () => {
      if (popovers && element.matches(':popover-open')) element.hidePopover();
    };
  }, [open, focusAt]);

  // A press outside, or the page scrolled or resized under it, closes the menu (the focus stays where it went).
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && !menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    const away = (event: Event) => {
      if (!(event.target instanceof Node && menu.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    document.addEventListener('scroll', away, true);
    window.addEventListener('resize', away);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      document.removeEventListener('scroll', away, true);
      window.removeEventListener('resize', away);
    };
  }, [open]);

  // Enter and Space press the button (its click opens the menu at the first item); the arrows open it too.
  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') openAt('first');
    else if (event.key === 'ArrowUp') openAt('last');
    else return;
    event.preventDefault();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = menuItems(event.currentTarget);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') close();
    else if (event.key.length === 1 && /\S/.test(event.key)) {
      // Type-ahead: the next item whose label starts with the letter.
      const letter = event.key.toLowerCase();
      const next = [...entries.slice(at + 1), ...entries.slice(0, at + 1)].find((entry) =>
        entry.textContent?.trim().toLowerCase().startsWith(letter),
      );
      next?.focus();
    } else return;
    event.preventDefault();
  };

  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    // The focus first goes back to the button, so a dialog the action opens gives it back there when it closes.
    close();
    item.run();
  };

  return (
    <span className="menu-button">
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onButtonKey}
      >
        {label}
        <span aria-hidden="true"> ▾</span>
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          className="menu"
          role="menu"
          aria-labelledby={buttonId}
          popover={popovers ? 'manual' : undefined}
          onKeyDown={onMenuKey}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={item.disabled || undefined}
              title={item.title}
              onClick={() => choose(item)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}

function menuItems(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
}

/** Under the button, left-aligned with it; above it when there is no room below, and kept on screen. */
function place(menu: HTMLElement, button: HTMLElement): void {
  const anchor = button.getBoundingClientRect();
  const size = menu.getBoundingClientRect();
  const below = anchor.bottom + 2;
  const top = below + size.height > window.innerHeight && anchor.top - size.height - 2 >= 0 ? anchor.top - size.height - 2 : below;
  const left = Math.max(4, Math.min(anchor.left, window.innerWidth - size.width - 4));
  menu.style.top = `${Math.round(top)}px`;
  menu.style.left = `${Math.round(left)}px`;
}
