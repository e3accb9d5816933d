import type { PageArea } from "./types";

export const pages: PageArea = {
  access: {
    // Every signed-in user may search; the results hold only the types they may see.
    search: { kind: "signed_in" },
  },
};
