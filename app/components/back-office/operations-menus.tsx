import { Dialog, Popover } from "radix-ui";
import { useCallback, useEffect, useRef, useState } from "react";
import type { OperationView } from "../../../worker/domain/operations/operations";
import { isExport, progressColour } from "../../../worker/domain/operations/progress";
import { useFormat } from "../../format";
import { useHydrated } from "../ui/hydrated";
import { useErrorText, useT } from "../../i18n";

/** Polling (platform spec §4): every 5 s while something runs, every 5 min otherwise; pushes come between. */
export const POLL_RUNNING_MS = 5000;
const POLL_IDLE_MS = 300000;
/** Tells the menus that an operation just started (an export asked from a list). */
export const OPERATIONS_CHANGED = "operations:changed";
/**
 * The menus tell the page of each operation as they learn of it (pushed live or polled): a
 * `CustomEvent` whose detail is the OperationView. Pages that show operations follow this one channel.
 */
export const OPERATION_UPDATED = "operations:updated";

export const running = (o: Pick<OperationView, "status">) => o.status === "in_progress" || o.status === "revert_in_progress";

function useOperations() {
  const [operations, setOperations] = useState<OperationView[]>([]);
  const refresh = useCallback(async () => {
    try {
      const response = await fetch("/operations", { headers: { accept: "application/json" } });
      if (response.ok) setOperations(((await response.json()) as { operations: OperationView[] }).operations);
    } catch {
      // Offline for a moment: the next poll tries again.
    }
  }, []);
  // A pushed change replaces its operation; an operation not shown yet brings the list again.
  const apply = useCallback(
    (operation: OperationView) =>
      setOperations((list) => {
        if (!list.some((o) => o.batch_id === operation.batch_id)) {
          void refresh();
          return list;
        }
        return list.map((o) => (o.batch_id === operation.batch_id ? operation : o));
      }),
    [refresh],
  );
  useEffect(() => {
    void refresh();
    const onChange = () => void refresh();
    window.addEventListener(OPERATIONS_CHANGED, onChange);
    return () => window.removeEventListener(OPERATIONS_CHANGED, onChange);
  }, [refresh]);
  // Pages showing operations (the import history) follow what the menus learn, pushed or polled.
  useEffect(() => {
    for (const operation of operations) window.dispatchEvent(new CustomEvent(OPERATION_UPDATED, { detail: operation }));
  }, [operations]);
  const anyRunning = operations.some(running);
  useEffect(() => {
    const timer = window.setInterval(() => void refresh(), anyRunning ? POLL_RUNNING_MS : POLL_IDLE_MS);
    return () => window.clearInterval(timer);
  }, [anyRunning, refresh]);
  // The live channel, reopened after a drop (the polling covers the gap).
  useEffect(() => {
    let socket: WebSocket | null = null;
    let closed = false;
    let retry: number | undefined;
    let ping: number | undefined;
    const open = () => {
      socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/operations/live`);
      socket.onmessage = (event) => {
        if (event.data === "pong") return;
        const message = JSON.parse(String(event.data)) as { type: string; operation: OperationView };
        if (message.type === "operation") apply(message.operation);
      };
      socket.onopen = () => {
        ping = window.setInterval(() => socket?.send("ping"), 30000);
      };
      socket.onclose = () => {
        window.clearInterval(ping);
        if (!closed) retry = window.setTimeout(open, 5000);
      };
    };
    open();
    return () => {
      closed = true;
      window.clearTimeout(retry);
      window.clearInterval(ping);
      socket?.close();
    };
  }, [apply]);
  return { operations, refresh, setOperations };
}

/** One error of an operation: where it is (row, column) and what it says, in the user's language. */
export function OperationErrorText({ error }: { error: OperationView["errors"][number] }) {
  const t = useT();
  const errorText = useErrorText();
  const e = typeof error === "string" ? { message: error } : error;
  const where = [
    e.row !== undefined ? t("operations.error_row", { row: e.row }) : null,
    e.column ? t("operations.error_column", { column: e.column }) : null,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <>
      {where ? <strong>{`${t("operations.error_at", { where })} `}</strong> : null}
      {errorText(e.message, e.params)}
    </>
  );
}

function ErrorsDialog({ operation }: { operation: OperationView }) {
  const t = useT();
  return (
    <Dialog.Root>
      <Dialog.Trigger className="button button--small" type="button">
        {t("operations.errors")}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title>{t("operations.errors_title")}</Dialog.Title>
          <div className="operation-errors">
            {operation.errors.map((error, i) => (
              <p key={i} role="alert" className="alert alert--error">
                <OperationErrorText error={error} />
              </p>
            ))}
          </div>
          <Dialog.Close className="button" type="button">
            {t("common.close")}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OperationItem({ operation, onChange }: { operation: OperationView; onChange: (o: OperationView) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const format = useFormat();
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    const body = new FormData();
    body.set("intent", "cancel");
    body.set("batch_id", operation.batch_id);
    const response = await fetch("/operations", { method: "POST", body, headers: { accept: "application/json" } });
    const answer = (await response.json()) as { operation?: OperationView; error?: string; params?: Record<string, unknown> };
    if (answer.operation) onChange(answer.operation);
    else setError(errorText(answer));
  };
  const colour = progressColour(operation);
  return (
    <li className="operation" data-status={operation.status}>
      <div className="operation__head">
        <span className="operation__label">{operation.label}</span>
        <span className="operation__date">{format.dateTime(operation.created)}</span>
      </div>
      <div
        className="operation__bar"
        role="progressbar"
        aria-label={operation.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={operation.progress}
        data-colour={colour}
      >
        <span style={{ width: `${operation.progress}%` }} />
      </div>
      <div className="operation__actions">
        <span className="operation__status">{t(`operations.status_${operation.status}`)}</span>
        {operation.status === "in_progress" ? (
          <button type="button" className="button button--small" onClick={() => void cancel()}>
            {t("operations.cancel")}
          </button>
        ) : null}
        {operation.downloadable ? (
          <a className="button button--small" href={`/operations/${operation.batch_id}/download`} download>
            {t("operations.download")}
          </a>
        ) : null}
        {operation.errors.length ? <ErrorsDialog operation={operation} /> : null}
      </div>
      {error ? (
        <p role="alert" className="alert alert--error">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function OperationsPopover({
  label,
  icon,
  badge,
  operations,
  empty,
  onOpen,
  onChange,
  testId,
}: {
  label: string;
  icon: string;
  badge: number;
  operations: OperationView[];
  empty: string;
  onOpen: () => void;
  onChange: (o: OperationView) => void;
  testId: string;
}) {
  const hydrated = useHydrated();
  const face = (
    <>
      <span aria-hidden="true">{icon}</span>
      {badge > 0 ? (
        <span className="operations-trigger__badge" data-testid={`${testId}-badge`}>
          {badge}
        </span>
      ) : null}
    </>
  );
  // The server sends the button as Radix renders it closed; the popover comes in once the page has hydrated.
  if (!hydrated)
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded="false"
        data-state="closed"
        className="icon-button operations-trigger"
        aria-label={label}
        data-testid={testId}
      >
        {face}
      </button>
    );
  return (
    <Popover.Root onOpenChange={(open) => open && onOpen()}>
      <Popover.Trigger className="icon-button operations-trigger" aria-label={label} data-testid={testId}>
        {face}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="dropdown operations-menu" align="end" sideOffset={6} aria-label={label}>
          <p className="dropdown__label">{label}</p>
          {operations.length ? (
            <ul className="operations-menu__list">
              {operations.map((o) => (
                <OperationItem key={o.batch_id} operation={o} onChange={onChange} />
              ))}
            </ul>
          ) : (
            <p className="operations-menu__empty">{empty}</p>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * The top bar's exports and operations menus (platform spec §2, §4): progress bars, cancel,
 * download, errors; the exports badge counts the most exports seen running at once, until the
 * menu opens or the count drops.
 */
export function OperationsMenus() {
  const t = useT();
  const { operations, setOperations } = useOperations();
  const exports = operations.filter((o) => isExport(o.type));
  const others = operations.filter((o) => !isExport(o.type));
  const runningExports = exports.filter(running).length;
  const [badge, setBadge] = useState(0);
  const last = useRef(0);
  useEffect(() => {
    setBadge((seen) => (runningExports < last.current ? 0 : Math.max(seen, runningExports)));
    last.current = runningExports;
  }, [runningExports]);
  const replace = (operation: OperationView) =>
    setOperations((list) => list.map((o) => (o.batch_id === operation.batch_id ? operation : o)));
  return (
    <>
      <OperationsPopover
        label={t("operations.exports")}
        icon="⇩"
        badge={badge}
        operations={exports}
        empty={t("operations.no_exports")}
        onOpen={() => setBadge(0)}
        onChange={replace}
        testId="exports-menu"
      />
      <OperationsPopover
        label={t("operations.operations")}
        icon="⟳"
        badge={others.filter(running).length}
        operations={others}
        empty={t("operations.no_operations")}
        onOpen={() => undefined}
        onChange={replace}
        testId="operations-menu"
      />
    </>
  );
}
