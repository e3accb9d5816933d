import type { z } from "zod";
import { strictInput, zLabel } from "../shared";

/** A season (collection) as the API and the screens show it. */
export interface SeasonView {
  id: number;
  label: string;
  created_at: number;
}

export const SeasonInput = strictInput({ label: zLabel });
export type SeasonInput = z.input<typeof SeasonInput>;
export const UpdateSeasonInput = SeasonInput.partial();
export type UpdateSeasonInput = z.input<typeof UpdateSeasonInput>;
