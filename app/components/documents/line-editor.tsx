import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { computeDocument } from "../../../worker/domain/documents/lines/compute-document";
import { discountText } from "../../../worker/domain/documents/lines/discounts";
import type { ComputedDocument, DocumentInput, LineInput } from "../../../worker/domain/documents/lines/types";
import type { SalesLineFact } from "../../../worker/domain/sales/sales-line-facts";
import { Decimal } from "../../../worker/domain/shared/decimal";
import { readDecimal } from "../../../worker/domain/shared/number-format";
import { useFormat } from "../../format";
import { useErrorText, useT } from "../../i18n";
import { VariantSuggestions } from "../variant-suggestions";
import { PackNote } from "./pack-note";

/**
 * One line as the editor holds it: what the user typed (quantity, price, discount) and what the
 * catalogue said of it when it was added (`facts`: its taxes, weight, ecotax, kit rules), so that
 * the totals are computed in the browser by the same engine as on the server while one types.
 * A kit's components (`component_of_lid`) follow their kit's quantity and are not typed.
 */
export type EditorLine = SalesLineFact & {
  /** The location its `available` was read at: the figure is shown only while the document draws from there. */
  available_at?: string | null;
  /**
   * The catalogue's price for one unit when the line was added: while the price shown is still that
   * one, the line is posted without a price, so that the server prices it for its quantity (a price
   * rule's quantity break, decision 046). A price typed, or a saved line's, is posted as it is.
   */
  catalogue_price?: string;
};

/** The document-level inputs the totals need besides the lines (tax model, currency, discounts, shipping). */
export type EditorDocument = Omit<DocumentInput, "lines">;

/** What the editor posts: one hidden field holding the lines as the verbs read them (SalesLineInput). */
export function postedLines(lines: readonly EditorLine[]) {
  // A deposit line is the server's: it keeps it whatever is posted (decision 043).
  return lines
    .filter((l) => l.component_of_lid === null && l.kind !== "deposit")
    .map((l) =>
      l.kind === "text"
        ? { lid: l.lid, description: l.description }
        : {
            lid: l.lid,
            ...(l.pack_id !== null
              ? { pack_id: l.pack_id }
              : l.service_id !== null
                ? { service_id: l.service_id }
                : { variant_id: l.variant_id }),
            description: l.description || null,
            quantity: typed(l.quantity) ?? l.quantity,
            price:
              l.price.trim() === "" || (l.catalogue_price !== undefined && l.price === l.catalogue_price)
                ? null
                : (typed(l.price) ?? l.price),
            discount: discountText(l.discount),
            discount_type: l.discount_type,
          },
    );
}

/** A number as typed in either language's format, as the decimal text the engine reads; null when it is none. */
export function typed(text: string): string | null {
  if (text.trim() === "") return null;
  const read = readDecimal(text);
  return "value" in read ? read.value.toString() : null;
}

/**
 * What each stocked variant has available where the document draws its stock from, against the
 * units its lines take together (a variant may be on several lines, or in a kit): by variant id.
 * A figure read at another location (the location was changed since) or for a document that takes
 * no stock (drop shipping: `stockAt` null) is not shown.
 */
export function stockOfLines(
  lines: readonly EditorLine[],
  computed: ComputedDocument | null,
  stockAt: string | null,
): Map<number, { available: string; units: Decimal }> {
  const stock = new Map<number, { available: string; units: Decimal }>();
  if (stockAt === null) return stock;
  const units = new Map(computed?.lines.map((l) => [l.lid, Decimal.parse(l.units)]) ?? []);
  for (const line of lines) {
    if (line.variant_id === null || line.available === null || line.available === undefined || line.available_at !== stockAt) continue;
    // Lines of one variant were read at the same place; the first one's figure stands for them all.
    const seen = stock.get(line.variant_id) ?? { available: line.available, units: Decimal.zero(0) };
    stock.set(line.variant_id, { ...seen, units: seen.units.add(units.get(line.lid) ?? Decimal.zero(0)) });
  }
  return stock;
}

/** The engine's input from the editor's lines: a line whose numbers do not read is left out and marked. */
export function editorTotals(
  document: EditorDocument,
  lines: readonly EditorLine[],
): { computed: ComputedDocument | null; invalid: Set<string> } {
  const invalid = new Set<string>();
  const inputs: LineInput[] = [];
  for (const line of lines) {
    if (line.kind === "text") {
      inputs.push({ lid: line.lid, kind: "text", description: line.description });
      continue;
    }
    const quantity = line.component_of_lid ? "0" : typed(line.quantity);
    const price = line.price.trim() === "" ? "0" : typed(line.price);
    // As the verbs read it: a discount that is not a number is 0, it does not void the line.
    const discount = discountText(line.discount);
    if (quantity === null || price === null) {
      invalid.add(line.lid);
      continue;
    }
    inputs.push({
      ...line.facts,
      lid: line.lid,
      kind: line.kind,
      component_of_lid: line.component_of_lid,
      quantity,
      price,
      discount,
      discount_type: line.discount_type,
    });
  }
  // A component whose kit was left out goes with it.
  const kept = inputs.filter((l) => !l.component_of_lid || inputs.some((p) => p.lid === l.component_of_lid));
  try {
    return { computed: computeDocument({ ...document, lines: kept }), invalid };
  } catch {
    return { computed: null, invalid };
  }
}

interface LineEditorProps {
  /** The hidden field's name. */
  name: string;
  document: EditorDocument;
  initial: EditorLine[];
  /** Lines to add for a typed SKU or name (a kit brings its components); an empty list when nothing matches. */
  lookup: (text: string) => Promise<EditorLine[]>;
  /** Field errors of the last post, by `lines.N.field`. */
  errors?: Record<string, { code: string; params?: Record<string, unknown> }> | undefined;
  /** Why no line can be added yet (e.g. no customer chosen): shown in place of the add field's hint. */
  blocked?: string | null | undefined;
  /** The location the document takes its stock from, whose available figures the lines show; null when it takes none. */
  stockAt?: string | null | undefined;
}

/**
 * The lines of a sales document, edited from the keyboard: type a SKU or a name and press Enter
 * to add a line, Tab through quantity, price and discount; the totals follow each key.
 */
export function LineEditor({ name, document, initial, lookup, errors, blocked, stockAt = null }: LineEditorProps) {
  const t = useT();
  const errorText = useErrorText();
  const format = useFormat();
  const [lines, setLines] = useState<EditorLine[]>(initial);
  const [adding, setAdding] = useState("");
  const [notFound, setNotFound] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const addField = useRef<HTMLInputElement>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const lid = focusNext.current;
    if (lid === null) return;
    focusNext.current = null;
    root.current?.querySelector<HTMLInputElement>(`tr[data-lid="${CSS.escape(lid)}"] input`)?.select();
  }, [lines]);
  const { computed, invalid } = useMemo(() => editorTotals(document, lines), [document, lines]);
  const byLid = new Map(computed?.lines.map((l) => [l.lid, l]) ?? []);
  const stock = useMemo(() => stockOfLines(lines, computed, stockAt), [lines, computed, stockAt]);
  /** "Available: N" under a stocked line's quantity, marked when the document's lines take more than that. */
  const availableNote = (line: EditorLine) => {
    const figure = line.variant_id === null ? undefined : stock.get(line.variant_id);
    if (!figure) return null;
    const short = figure.units.compare(Decimal.parse(figure.available)) > 0;
    return (
      <span className={short ? "line-editor__available line-editor__available--short" : "line-editor__available"} data-available>
        {t("documents.line.available", { available: format.quantity(figure.available) })}
      </span>
    );
  };
  const currency = document.currency ?? undefined;

  const change = (lid: string, field: "quantity" | "price" | "discount" | "discount_type" | "description", value: string) =>
    setLines((all) => all.map((l) => (l.lid === lid ? { ...l, [field]: value } : l)));
  const remove = (lid: string) => setLines((all) => all.filter((l) => l.lid !== lid && l.component_of_lid !== lid));
  const add = async () => {
    const text = adding.trim();
    if (!text) return;
    const found = await lookup(text);
    setNotFound(found.length === 0);
    if (found.length > 0) {
      setLines((all) => [...all, ...found.map((l) => ({ ...l, catalogue_price: l.price }))]);
      setAdding("");
      // On to the new line's quantity once it is shown; Enter there comes back to the add field.
      focusNext.current = found[0]!.lid;
    }
  };
  /** Enter in a line's field does not send the form: it goes back to the add field for the next line. */
  const onLineKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    addField.current?.focus();
  };
  const onAddKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void add();
  };
  const addText = () =>
    setLines((all) => [
      ...all,
      {
        lid: `t${Date.now().toString(36)}`,
        kind: "text",
        variant_id: null,
        pack_id: null,
        pack_label: null,
        service_id: null,
        sku: null,
        description: "",
        quantity: "",
        price: "",
        discount: "",
        discount_type: "percentage",
        component_of_lid: null,
        facts: { kind: "text" },
      },
    ]);
  const label = useLineLabels();
  const postedIndex = new Map(lines.filter((l) => l.component_of_lid === null).map((l, i) => [l.lid, i]));
  const fieldError = (lid: string, field: string) => {
    const i = postedIndex.get(lid);
    const error = i === undefined ? undefined : errors?.[`lines.${i}.${field}`];
    return error ? errorText(error.code, error.params) : null;
  };

  return (
    <div className="line-editor" ref={root}>
      <input type="hidden" name={name} value={JSON.stringify(postedLines(lines))} />
      {/* The lines with their facts: a refused post gives them back as they were. */}
      <input type="hidden" name={`${name}_editor`} value={JSON.stringify(lines)} />
      <table className="data-table line-editor__table lines-table" onKeyDown={onLineKey}>
        <LinesHead editing />
        <tbody>
          {lines.map((line) => {
            const result = byLid.get(line.lid);
            const bad = invalid.has(line.lid);
            if (line.kind === "text")
              return (
                <tr key={line.lid} data-lid={line.lid}>
                  <td />
                  <td colSpan={6} className="lines-table__wide">
                    <input
                      aria-label={t("documents.line.text")}
                      value={line.description}
                      onChange={(e) => change(line.lid, "description", e.target.value)}
                      maxLength={2000}
                    />
                  </td>
                  <td className="lines-table__remove">
                    <button type="button" className="icon-button" onClick={() => remove(line.lid)} aria-label={t("documents.line.remove")}>
                      ×
                    </button>
                  </td>
                </tr>
              );
            const component = line.component_of_lid !== null;
            return (
              <tr
                key={line.lid}
                data-lid={line.lid}
                className={component ? "line-editor__component" : bad ? "line-editor__invalid" : undefined}
              >
                <td className="lines-table__sku">{line.sku}</td>
                <td className="lines-table__wide">
                  {component ? `– ${line.description}` : line.description}
                  {line.kind === "pack" ? <PackNote label={line.pack_label} units={result?.units} /> : null}
                </td>
                <td className="numeric" data-label={label.quantity}>
                  {component ? (
                    <>
                      {format.quantity(result?.quantity ?? null)}
                      {availableNote(line)}
                    </>
                  ) : (
                    <>
                      <input
                        inputMode="decimal"
                        aria-label={t("documents.line.quantity_of", { sku: line.sku ?? line.description })}
                        value={line.quantity}
                        onChange={(e) => change(line.lid, "quantity", e.target.value)}
                        aria-invalid={bad || Boolean(fieldError(line.lid, "quantity"))}
                        size={6}
                      />
                      {availableNote(line)}
                      {fieldError(line.lid, "quantity") ? <span className="field__error">{fieldError(line.lid, "quantity")}</span> : null}
                    </>
                  )}
                </td>
                <td className="numeric" data-label={component ? undefined : label.price}>
                  {component ? null : (
                    <>
                      <input
                        inputMode="decimal"
                        aria-label={t("documents.line.price_of", { sku: line.sku ?? line.description })}
                        value={line.price}
                        onChange={(e) => change(line.lid, "price", e.target.value)}
                        aria-invalid={Boolean(fieldError(line.lid, "price"))}
                        size={8}
                      />
                      {fieldError(line.lid, "price") ? <span className="field__error">{fieldError(line.lid, "price")}</span> : null}
                    </>
                  )}
                </td>
                <td className="numeric" data-label={component ? undefined : label.discount}>
                  {component ? null : (
                    <span className="line-editor__discount">
                      <input
                        inputMode="decimal"
                        aria-label={t("documents.line.discount_of", { sku: line.sku ?? line.description })}
                        value={line.discount}
                        onChange={(e) => change(line.lid, "discount", e.target.value)}
                        disabled={result ? !result.discount_editable : false}
                        size={5}
                      />
                      <select
                        aria-label={t("documents.line.discount_type")}
                        value={line.discount_type}
                        onChange={(e) => change(line.lid, "discount_type", e.target.value)}
                        disabled={result ? !result.discount_editable : false}
                      >
                        <option value="percentage">%</option>
                        <option value="amount">{currency ?? "¤"}</option>
                      </select>
                      {fieldError(line.lid, "discount") ? <span className="field__error">{fieldError(line.lid, "discount")}</span> : null}
                    </span>
                  )}
                </td>
                <td className="numeric" data-label={label.tax}>
                  {component || !result ? null : format.money(result.tax_amount, currency)}
                </td>
                <td className="numeric lines-table__total" data-label={label.total} data-total>
                  {component || !result ? null : format.money(result.total, currency)}
                  {fieldError(line.lid, "total") ? <span className="field__error">{fieldError(line.lid, "total")}</span> : null}
                </td>
                <td className="lines-table__remove">
                  {component ? null : (
                    <button type="button" className="icon-button" onClick={() => remove(line.lid)} aria-label={t("documents.line.remove")}>
                      ×
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="line-editor__add">
        <input
          ref={addField}
          list="line-editor-variants"
          aria-label={t("documents.line.add")}
          placeholder={blocked ?? t("documents.line.add_placeholder")}
          disabled={Boolean(blocked)}
          value={adding}
          onChange={(e) => {
            setAdding(e.target.value);
            setNotFound(false);
          }}
          onKeyDown={onAddKey}
        />
        <VariantSuggestions id="line-editor-variants" formRef={root} />
        <button type="button" className="button" onClick={() => void add()} disabled={Boolean(blocked)}>
          {t("documents.line.add_button")}
        </button>
        <button type="button" className="button button--secondary" onClick={addText}>
          {t("documents.line.add_text")}
        </button>
        {notFound ? (
          <span role="alert" className="field__error">
            {t("documents.line.not_found", { text: adding })}
          </span>
        ) : null}
      </div>
      {computed ? (
        <dl className="line-editor__totals" aria-live="polite">
          <dt>{t("documents.totals.subtotal")}</dt>
          <dd data-total="subtotal">{format.money(computed.subtotal, currency)}</dd>
          {computed.global_discount_amount !== "0" && !/^0(\.0+)?$/.test(computed.global_discount_amount) ? (
            <>
              <dt>{t("documents.totals.discount")}</dt>
              <dd data-total="discount">-{format.money(computed.global_discount_amount, currency)}</dd>
            </>
          ) : null}
          {computed.taxes.map((tax) => (
            <div key={tax.id} className="line-editor__tax">
              <dt>{tax.label}</dt>
              <dd>{format.money(tax.amount, currency)}</dd>
            </div>
          ))}
          <dt>{t("documents.totals.total")}</dt>
          <dd data-total="total">
            <strong>{format.money(computed.total, currency)}</strong>
          </dd>
        </dl>
      ) : null}
    </div>
  );
}

const NUMERIC_COLUMNS = ["quantity", "price", "discount", "tax", "total"] as const;

/** The headers of the numeric columns, also shown inside each line where lines are stacked as cards (phones). */
export function useLineLabels(): Record<(typeof NUMERIC_COLUMNS)[number], string> {
  const t = useT();
  return Object.fromEntries(NUMERIC_COLUMNS.map((name) => [name, t(`documents.line.${name}`)])) as Record<
    (typeof NUMERIC_COLUMNS)[number],
    string
  >;
}

/** The column headers of a document's lines: as the editor shows them (with the remove column), or as a saved document does. */
export function LinesHead({ editing = false }: { editing?: boolean }) {
  const t = useT();
  const numeric = NUMERIC_COLUMNS;
  return (
    <thead>
      <tr>
        <th scope="col">{t("documents.line.sku")}</th>
        <th scope="col">{t("documents.line.description")}</th>
        {numeric.map((name) => (
          <th key={name} scope="col" className="numeric">
            {t(`documents.line.${name}`)}
          </th>
        ))}
        {editing ? (
          <th scope="col">
            <span className="visually-hidden">{t("documents.line.remove")}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
