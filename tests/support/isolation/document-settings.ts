import type { IsolationArea } from "./types";

export const isolation: IsolationArea = {
  bodies: {
    "patch /pdf-settings": { paper_size: "letter" },
  },
  records: {},
};
