import type { CompanyRef } from "../identity/actor";

/** What the account page may offer, by the account's state (platform spec §4 'Company account'). */
export interface AccountMoves {
  /** No paid plan runs (trial, trial ended, a cancelled account past its end): the checkout. */
  choosePlan: boolean;
  /** A running subscription moves to another plan, cycle or add-on through the checkout. */
  changePlan: boolean;
  cancel: boolean;
  pause: boolean;
  /** A paused subscription, or a cancelled one before the end of its paid period. */
  reactivate: boolean;
  /** The card of a customer that has one, or of a suspended account (its renewal failed); the administrator only. */
  updateCard: boolean;
}

const NONE: AccountMoves = { choosePlan: false, changePlan: false, cancel: false, pause: false, reactivate: false, updateCard: false };

/**
 * The moves of the account page in each state. Without billing configured nothing can be sent
 * to the payment provider, so nothing is offered. A cancelled account keeps its subscription
 * until `accessEndsAt`: before it, reactivating undoes the cancellation; after it, a new checkout.
 */
export function accountMoves(
  account: {
    status: CompanyRef["status"];
    accessEndsAt: number | null;
    configured: boolean;
    canUpdateCard: boolean;
    hasCard: boolean;
  },
  now: number,
): AccountMoves {
  if (!account.configured) return NONE;
  const card = account.canUpdateCard && (account.hasCard || account.status === "suspended");
  switch (account.status) {
    case "trial":
    case "trial_ended":
      return { ...NONE, choosePlan: true };
    case "subscribed":
      return { ...NONE, changePlan: true, cancel: true, pause: true, updateCard: card };
    case "paused":
      return { ...NONE, reactivate: true, cancel: true, updateCard: card };
    case "suspended":
      return { ...NONE, cancel: true, updateCard: card };
    case "cancelled": {
      const running = account.accessEndsAt !== null && account.accessEndsAt > now;
      return { ...NONE, reactivate: running, choosePlan: !running, updateCard: running && card };
    }
  }
}
