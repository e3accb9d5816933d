import { createContext, useCallback, useContext, type ComponentProps, type MouseEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";

type Follow = (event: MouseEvent<Element>, to: string) => void;

const FollowLink = createContext<Follow | null>(null);

/**
 * How the `AppLink`s inside it navigate: as React Router's <Link> does, a plain click (main button,
 * no modifier key, no other target) becomes a client-side navigation, replacing the history entry
 * when the address is the one shown. Read once here for all the links of a page.
 */
export function AppLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const here = pathname + search + hash;
  const follow = useCallback<Follow>(
    (event, to) => {
      if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      void navigate(to, { replace: to === here });
    },
    [navigate, here],
  );
  return <FollowLink.Provider value={follow}>{children}</FollowLink.Provider>;
}

/** How the links of a page navigate (null outside `AppLinks`): for links written as HTML (list rows). */
export const useFollowLink = () => useContext(FollowLink);

/** An address of this app written in full: one leading slash, no `.` or `..` segment, no empty `?` or `#`. */
export function writtenInFull(to: string): boolean {
  const path = to.split(/[?#]/, 1)[0]!;
  return path.startsWith("/") && !path.includes("//") && !path.includes("\\") && !/\/\.\.?(\/|$)/.test(path) && !/[?#]$/.test(to);
}

/**
 * React Router's <Link> for an address written in full, the markup and the navigation the same
 * (`href`, `data-discover` for route discovery, a click handled as above). Each <Link> resolves
 * its path against the route tree twice and sets up prefetching and its own navigate: a page
 * of 50 rows and the side menu's 45 entries spent a tenth of its render there. Anything else
 * (a relative address, no `AppLinks` above) is a <Link>.
 */
export function AppLink({ to, onClick, target, ...rest }: Omit<ComponentProps<"a">, "href"> & { to: string }) {
  const follow = useContext(FollowLink);
  if (!follow || !writtenInFull(to)) return <Link to={to} onClick={onClick} target={target} {...rest} />;
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && (!target || target === "_self")) follow(event, to);
      }}
      data-discover="true"
    />
  );
}
