import { useEffect, useRef } from "react";
import { Form, useRevalidator } from "react-router";
import type { OperationView } from "../../../worker/domain/operations/operations";
import { OperationErrorText, OPERATION_UPDATED } from "../back-office/operations-menus";
import { useT } from "../../i18n";
import { ConfirmDelete } from "../ui/confirm-delete";
import "./onboarding.css";

/** How often a page showing the test content's operation asks again while it runs (the wizard has no live menus). */
const POLL_MS = 1000;

/**
 * Keeps the page's loader data current while a test content operation runs: it asks again every
 * POLL_MS, and at once when the back office's live channel tells of a change to one.
 */
export function useTestContentLive(running: boolean): void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    const onUpdate = (event: Event) => {
      const operation = (event as CustomEvent<OperationView>).detail;
      if (operation.type === "test_content" || operation.type === "test_content_removal") void revalidate.current();
    };
    window.addEventListener(OPERATION_UPDATED, onUpdate);
    return () => window.removeEventListener(OPERATION_UPDATED, onUpdate);
  }, []);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => void revalidate.current(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [running]);
}

/** An operation on the test content as it stands: its label, a progress bar while it runs, then its outcome. */
export function TestContentProgress({ operation }: { operation: OperationView }) {
  const t = useT();
  const running = operation.status === "in_progress";
  return (
    <div className="setup-operation" role="status" aria-live="polite" data-status={operation.status}>
      <p>
        <strong>{operation.label}</strong> —{" "}
        {running ? t("test_content.running", { progress: operation.progress }) : t(`test_content.status_${operation.status}`)}
      </p>
      <progress className="setup-progress" max={100} value={operation.progress} aria-label={operation.label} />
      {operation.errors.length ? (
        <ul className="operation-errors">
          {operation.errors.map((e, i) => (
            <li key={i}>
              <OperationErrorText error={e} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The generated test content while it exists (or is being removed): what it is, its removal in
 * one action (an operation with live progress), and on the dashboard a way to hide the banner.
 */
export function TestContentPanel({
  state,
  dismissible = false,
}: {
  state: { exists: boolean; count: number; running: OperationView | null; last: OperationView | null };
  dismissible?: boolean;
}) {
  const t = useT();
  useTestContentLive(state.running !== null);
  const finishedRemoval = state.last?.type === "test_content_removal" && state.last.status !== "in_progress" ? state.last : null;
  if (!state.exists && !state.running && !finishedRemoval) return null;
  return (
    <section className="alert test-content-panel" data-testid="test-content" aria-label={t("test_content.title")}>
      {state.running ? <TestContentProgress operation={state.running} /> : null}
      {!state.running && finishedRemoval && !state.exists ? <TestContentProgress operation={finishedRemoval} /> : null}
      {state.exists && !state.running ? (
        <>
          <p>{t("test_content.banner", { count: state.count })}</p>
          <div className="setup-inline">
            <ConfirmDelete
              label={t("test_content.remove")}
              acknowledge={["irreversible"]}
              intent="remove_test_content"
              details={t("test_content.remove_details")}
              confirmLabel={t("test_content.remove_confirm")}
              inline
            />
            {dismissible ? (
              <Form method="post">
                <button type="submit" name="intent" value="dismiss_test_content" className="button">
                  {t("test_content.dismiss")}
                </button>
              </Form>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
