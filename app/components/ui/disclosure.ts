import { useEffect, useRef, useState, type SyntheticEvent } from "react";

/**
 * A <details> whose content comes into the page the first time it opens, and stays: a closed
 * disclosure's content is neither seen nor read out, so the server need not render it (the side
 * menu's closed groups were five sixths of its markup, rendered on every page). `openWhen` opens
 * it on the first render and each time it turns true. Spread `props` on the <details> and render
 * the content only when `rendered`.
 */
export function useDisclosure(openWhen = false) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(openWhen);
  const [rendered, setRendered] = useState(openWhen);
  useEffect(() => {
    // Asked to open, or opened by a click before the page was live (before hydration).
    if (openWhen || ref.current?.open) {
      setOpen(true);
      setRendered(true);
    }
  }, [openWhen]);
  return {
    rendered,
    props: {
      ref,
      open,
      onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => {
        const now = event.currentTarget.open;
        setOpen(now);
        if (now) setRendered(true);
      },
    },
  };
}
