import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False on the server and while the page hydrates, true once it has (and on every client-side
 * render after). A widget that only works in the browser (a menu's popper, its focus handling,
 * its portal) puts a plain stand-in in the server's HTML and comes in once the page is live: the
 * top bar's four Radix menus were a thirteenth of every page's server CPU.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
