import { DomainError } from "../shared/domain-error";

/**
 * The status machine every document shares (domain spec §4): which statuses a document type's
 * status field takes, which moves a verb may make, and the colour each status is shown in.
 * Verbs ask `assertVerbMove` before they write; screens ask `statusColour`. Decisions 019 and 039.
 */

/** The colours of domain spec §4. */
export type StatusColour = "black" | "red" | "orange" | "green";

/** Every status a document may show, with its colour (spec §4: draft black, refusals red, done green, waiting orange). */
export const STATUS_COLOURS = {
  draft: "black",
  rejected: "red",
  cancelled: "red",
  shopify_cancelled: "red",
  voided: "red",
  overdue: "red",
  pending: "orange",
  pending_validation: "orange",
  in_progress: "orange",
  revert_in_progress: "orange",
  make_the_shipment: "orange",
  in_preparation: "orange",
  ready_to_ship: "orange",
  shipped: "orange",
  unpaid: "orange",
  partially_paid: "orange",
  not_delivered: "orange",
  partially_delivered: "orange",
  partially_credited: "orange",
  reverted: "orange",
  active: "green",
  available: "green",
  accepted: "green",
  accepted_and_transformed: "green",
  completed: "green",
  completed_automatically: "green",
  completed_manually: "green",
  delivered: "green",
  paid: "green",
  refunded: "green",
  credited: "green",
  shopify_archived: "green",
  sent_to_quickbooks: "green",
  sent_to_sellsy: "green",
} as const satisfies Record<string, StatusColour>;

export type DocumentStatus = keyof typeof STATUS_COLOURS;

/** What a machine holds besides its graph: the guards of its moves and what its statuses mean for stock. */
interface MachineShape {
  /**
   * The statuses a new document starts in, by the way it is made: `default` for the usual way,
   * others for a way that starts elsewhere (a store order waiting for validation).
   */
  entries: { default: DocumentStatus } & Record<string, DocumentStatus>;
  moves: Partial<Record<DocumentStatus, readonly DocumentStatus[]>>;
  /** Guards of the verbs, by the status they move to: the verb moves only from these (narrower than the graph). */
  verbFrom?: Partial<Record<DocumentStatus, readonly DocumentStatus[]>>;
  /** Moves the document makes by itself as its goods leave (`goodsLeft`) and all come back (`goodsBack`). */
  selfMoves?: { goodsLeft: { from: DocumentStatus; to: DocumentStatus }; goodsBack: { from: DocumentStatus; to: DocumentStatus } };
  /** Statuses in which the document's goods have left the location (decision 019: stock leaves at shipped). */
  goodsOut?: readonly DocumentStatus[];
  /** Statuses in which the document's goods have come back into the location (a received product return that adds them to inventory). */
  goodsIn?: readonly DocumentStatus[];
  /** Statuses of the document it was made from in which its goods may not leave. */
  goodsStayWhileParent?: readonly DocumentStatus[];
}

/**
 * Each machine: the statuses a new document starts in (`entryStatus`), then for each status the
 * statuses a verb may move it to. A status with no way out is final. Moves a verb makes by itself
 * (a sales order completing when delivered and paid) are listed like the others: the machine says
 * what is possible, verbs say when.
 * A document is written with a status from here only: a new one takes `entryStatus`, and a move
 * goes through `moveSalesDocument`, `moveShippingOrder`, `claimMove` (claims.ts) or a cascade
 * (cascades.ts); a source scan (tests/unit/status-graph-writes.test.ts) holds every write to that.
 */
export const STATUS_MACHINES = {
  estimate: {
    entries: { default: "pending" },
    moves: {
      pending: ["accepted", "rejected", "accepted_and_transformed"],
      accepted: ["rejected", "accepted_and_transformed"],
      rejected: ["pending", "accepted"],
      accepted_and_transformed: [],
    },
  },
  sales_order: {
    // An order placed from the store waits for the company to validate it (domain spec §4), unless
    // the store confirms its orders automatically: the store picks the entry, the graph its status.
    entries: { default: "pending", store_unconfirmed: "pending_validation" },
    moves: {
      // Orders placed from the store wait for the company to validate them.
      pending_validation: ["pending", "cancelled"],
      pending: ["in_progress", "completed_automatically", "completed_manually", "cancelled"],
      in_progress: ["pending", "completed_automatically", "completed_manually", "cancelled"],
      // Reopened by itself when it stops being delivered and paid (a payment deleted, a shipment cancelled).
      completed_automatically: ["in_progress", "pending"],
      completed_manually: [],
      cancelled: [],
    },
    // Validating is for store orders: an order comes back to pending from in_progress only by itself.
    verbFrom: { pending: ["pending_validation"] },
    selfMoves: { goodsLeft: { from: "pending", to: "in_progress" }, goodsBack: { from: "in_progress", to: "pending" } },
  },
  sales_order_payment: {
    entries: { default: "unpaid" },
    moves: {
      unpaid: ["partially_paid", "paid"],
      partially_paid: ["unpaid", "paid"],
      paid: ["unpaid", "partially_paid"],
    },
  },
  sales_order_shipping: {
    entries: { default: "not_delivered" },
    moves: {
      not_delivered: ["partially_delivered", "delivered"],
      partially_delivered: ["not_delivered", "delivered"],
      delivered: ["not_delivered", "partially_delivered"],
    },
  },
  shipping_order: {
    entries: { default: "make_the_shipment" },
    moves: {
      make_the_shipment: ["in_preparation", "ready_to_ship", "shipped", "delivered", "cancelled"],
      in_preparation: ["make_the_shipment", "ready_to_ship", "shipped", "delivered", "cancelled"],
      ready_to_ship: ["make_the_shipment", "in_preparation", "shipped", "delivered", "cancelled"],
      // Once shipped the goods have left: the order may still be delivered, or cancelled (stock comes back).
      shipped: ["delivered", "cancelled"],
      // Delivered is where the goods end: no verb takes it back to shipped (spec §4 has no "undeliver").
      delivered: ["cancelled"],
      cancelled: [],
    },
    // Delivering a shipping order not yet shipped ships it in the same batch: the goods leave then.
    goodsOut: ["shipped", "delivered"],
    goodsStayWhileParent: ["cancelled"],
  },
  // Invoices (domain spec §3 'Invoice', §4). A draft has no number yet; finalising gives it one and
  // makes it unpaid (paid when there is nothing to pay). Overdue is not stored: an unpaid or partially
  // paid invoice past its due date in the company's calendar shows as overdue (invoices/invoice-views.ts).
  // Voided is what an accounting app makes of a cancelled invoice it had received: final, and no
  // verb of ours makes the move yet. A paid or credited invoice is not cancelled: it is credited.
  invoice: {
    entries: { default: "draft", finalized: "unpaid", settled: "paid" },
    moves: {
      draft: ["unpaid", "paid", "cancelled"],
      unpaid: ["partially_paid", "paid", "partially_credited", "credited", "cancelled"],
      // Money was received: the invoice is credited, not cancelled (its payments are deleted first to cancel it).
      partially_paid: ["unpaid", "paid", "partially_credited", "credited"],
      paid: ["unpaid", "partially_paid", "partially_credited", "credited"],
      partially_credited: ["unpaid", "partially_paid", "paid", "credited", "cancelled"],
      credited: ["unpaid", "partially_paid", "paid", "partially_credited"],
      cancelled: ["voided"],
      voided: [],
    },
    // Finalising is the only verb that makes an invoice unpaid or paid, and only a draft is finalised: the moves back
    // from paid or partially paid are the payments' (settlement.ts), which follow the money.
    verbFrom: { unpaid: ["draft"], paid: ["draft"] },
  },
  // Product returns (decision 042): waiting for the goods (pending), or received (reverted); a return
  // made with its goods in hand starts received. A received return that adds to inventory has put
  // its goods back in stock; cancelling it takes them out again.
  product_return: {
    entries: { default: "reverted", awaiting: "pending" },
    moves: {
      pending: ["reverted", "cancelled"],
      reverted: ["cancelled"],
      cancelled: [],
    },
    goodsIn: ["reverted"],
  },
  // Credit notes: pending until applied to invoices, then partially credited or credited as their
  // remaining_to_credit falls (the credits' moves, not a verb's); cancelling removes their credits.
  credit_note: {
    entries: { default: "pending" },
    moves: {
      pending: ["partially_credited", "credited", "cancelled"],
      partially_credited: ["pending", "credited", "cancelled"],
      credited: ["pending", "partially_credited", "cancelled"],
      cancelled: [],
    },
    verbFrom: { partially_credited: [], credited: [], pending: [] },
  },
  // Refunds: the money paid back for a return, pending until it is paid out (refunded).
  refund: {
    entries: { default: "pending", paid_out: "refunded" },
    moves: {
      pending: ["refunded", "cancelled"],
      refunded: ["cancelled"],
      cancelled: [],
    },
  },
  // Subscriptions: active while they bill their cycles, completed after their last cycle, or cancelled.
  subscription: {
    entries: { default: "active" },
    moves: {
      active: ["completed", "cancelled"],
      completed: [],
      cancelled: [],
    },
  },
  // Purchase orders (decision 045): pending until goods come in, in progress once some did, completed
  // by themselves once every line is received (and back when a delivery is cancelled), or completed
  // by hand with no inventory change; cancelling cancels their deliveries (cascades.ts).
  purchase_order: {
    entries: { default: "pending" },
    moves: {
      pending: ["in_progress", "completed_automatically", "completed_manually", "cancelled"],
      in_progress: ["pending", "completed_automatically", "completed_manually", "cancelled"],
      completed_automatically: ["in_progress", "pending"],
      completed_manually: [],
      cancelled: [],
    },
    // Received quantities move an order between pending, in progress and completed: no verb does.
    verbFrom: { pending: [], in_progress: [], completed_automatically: [] },
  },
  // Deliveries: goods received for a purchase order (in stock while delivered); cancelling one takes
  // its goods out again and gives its quantities back to the order.
  delivery: {
    entries: { default: "delivered" },
    moves: {
      delivered: ["cancelled"],
      cancelled: [],
    },
    goodsIn: ["delivered"],
  },
} as const satisfies Record<string, MachineShape>;

export type StatusMachine = keyof typeof STATUS_MACHINES;
export type StatusOf<M extends StatusMachine> = keyof (typeof STATUS_MACHINES)[M]["moves"] & DocumentStatus;

/** The ways a document of this machine may start (`default`, and any other its machine names). */
export type EntryOf<M extends StatusMachine> = keyof (typeof STATUS_MACHINES)[M]["entries"] & string;

/** The status a new document of this machine starts in, made the way `entry` says (the usual way by default). */
export function entryStatus<M extends StatusMachine>(machine: M, entry: EntryOf<M> = "default" as EntryOf<M>): StatusOf<M> {
  const entries: Record<string, string> = STATUS_MACHINES[machine].entries;
  const status = entries[entry];
  if (status === undefined || !isStatusOf(machine, status)) throw new Error(`${machine} has no entry ${entry} in its graph`);
  return status;
}

/** The statuses of a machine, in the order a filter or a legend lists them. */
export function statusesOf<M extends StatusMachine>(machine: M): StatusOf<M>[] {
  return Object.keys(STATUS_MACHINES[machine].moves) as StatusOf<M>[];
}

export function isStatusOf<M extends StatusMachine>(machine: M, status: string): status is StatusOf<M> {
  return Object.hasOwn(STATUS_MACHINES[machine].moves, status);
}

/** Whether a verb may move a document of this machine from one status to another (staying put is not a move). */
export function canMove<M extends StatusMachine>(machine: M, from: StatusOf<M>, to: string): to is StatusOf<M> {
  const moves = STATUS_MACHINES[machine].moves as Record<string, readonly string[]>;
  return (moves[from] ?? []).includes(to);
}

/** Refuses a move the machine does not allow. */
export function assertMove<M extends StatusMachine>(machine: M, from: StatusOf<M>, to: string): asserts to is StatusOf<M> {
  if (!canMove(machine, from, to)) throw new DomainError("status_move_not_allowed");
}

/** Whether no verb can move a document out of this status. */
export function isFinal<M extends StatusMachine>(machine: M, status: StatusOf<M>): boolean {
  return (STATUS_MACHINES[machine].moves as Record<string, readonly string[]>)[status]!.length === 0;
}

/** Whether a verb may make this move: the graph allows it and the verb's guard, if any, lists the status it leaves. */
export function canVerbMove<M extends StatusMachine>(machine: M, from: StatusOf<M>, to: string): to is StatusOf<M> {
  const guard = shapeOf(machine).verbFrom?.[to as DocumentStatus];
  return canMove(machine, from, to) && (guard === undefined || guard.includes(from));
}

/** Refuses a move no verb may make (status_move_not_allowed). */
export function assertVerbMove<M extends StatusMachine>(machine: M, from: string, to: string): asserts to is StatusOf<M> {
  if (!isStatusOf(machine, from) || !canVerbMove(machine, from, to)) throw new DomainError("status_move_not_allowed");
}

/** The statuses a verb moving to `to` may leave: the graph's, narrowed by the verb's guard. */
export function verbFromStatuses<M extends StatusMachine>(machine: M, to: StatusOf<M>): StatusOf<M>[] {
  return statusesOf(machine).filter((from) => canVerbMove(machine, from, to));
}

/** Whether the document's goods are out of the location in this status (0 or 1: what a move does to stock is the difference). */
export function goodsOut(machine: StatusMachine, status: string): 0 | 1 {
  return (shapeOf(machine).goodsOut ?? []).includes(status as DocumentStatus) ? 1 : 0;
}

/** The statuses in which a document's goods are out, for the SQL that sums them. */
export function goodsOutStatuses(machine: StatusMachine): readonly DocumentStatus[] {
  return shapeOf(machine).goodsOut ?? [];
}

/** Whether the document's goods are back in the location in this status (a received return: 0 or 1, as goodsOut). */
export function goodsIn(machine: StatusMachine, status: string): 0 | 1 {
  return (shapeOf(machine).goodsIn ?? []).includes(status as DocumentStatus) ? 1 : 0;
}

/** The statuses of the parent document in which a document's goods may not leave. */
export function goodsStayWhileParent(machine: StatusMachine): readonly DocumentStatus[] {
  return shapeOf(machine).goodsStayWhileParent ?? [];
}

/** A move the document makes by itself, checked against the graph (the derived SQL builds its statuses from it). */
export function selfMove(machine: StatusMachine, which: "goodsLeft" | "goodsBack"): { from: DocumentStatus; to: DocumentStatus } {
  const move = shapeOf(machine).selfMoves?.[which];
  if (!move || !canMove(machine, move.from as never, move.to)) throw new Error(`${machine} has no ${which} move in its graph`);
  return move;
}

function shapeOf(machine: StatusMachine): MachineShape {
  return STATUS_MACHINES[machine];
}

export function statusColour(status: DocumentStatus): StatusColour {
  return STATUS_COLOURS[status];
}

/** Whether a stored status is one the product knows (and can colour). */
export function isDocumentStatus(value: string): value is DocumentStatus {
  return Object.hasOwn(STATUS_COLOURS, value);
}
