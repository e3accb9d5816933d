import { useEffect, useRef, useState } from "react";
import { useT } from "../../i18n";
import type { ListFilterDefinition } from "./list-state";

type Item = { id: number; label: string };

/** The products a product filter suggests (app/routes/products/product-lookup.ts). */
export const PRODUCT_LOOKUP_PATH = "/products-and-services/product-lookup";

/** How long typing rests before the suggestions are asked for. */
const PAUSE_MS = 150;

/**
 * A filter on one record of a list that may hold thousands (a product): a field that suggests the
 * records whose label starts with what is typed (`filter.source?q=` → `{ items: [{ id, label }] }`),
 * the chosen one's id sent under the filter's name. The page carries only the chosen record's
 * label, never the list of them all. A text that names no suggestion is refused by the form, with
 * a message, rather than dropped; an empty field filters on nothing. Without JavaScript the field
 * keeps the address's choice, and "Clear filters" drops it.
 */
export function LookupFilter({ filter, value }: { filter: ListFilterDefinition; value: string }) {
  const t = useT();
  const id = `list-filter-${filter.key}`;
  const [chosen, setChosen] = useState(value);
  const [items, setItems] = useState<Item[]>([]);
  const field = useRef<HTMLInputElement>(null);
  const asked = useRef<string | null>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** The id the text names among the suggestions (case aside), "" for an empty text, null for none. */
  const named = (text: string, among: Item[]): string | null => {
    const wanted = text.trim().toLowerCase();
    if (!wanted) return "";
    const item = among.find((i) => i.label.toLowerCase() === wanted);
    return item ? String(item.id) : null;
  };
  /** Keeps the sent id and the field's validity in step with its text. */
  const follow = (among: Item[]) => {
    const input = field.current;
    if (!input) return;
    // The address's own choice stays while its label is untouched.
    if (input.value === input.defaultValue && value) {
      setChosen(value);
      input.setCustomValidity("");
      return;
    }
    const found = named(input.value, among);
    setChosen(found ?? "");
    input.setCustomValidity(found === null ? t("list.lookup_choose") : "");
  };
  const ask = (text: string) => {
    const q = text.trim();
    if (q === asked.current) return;
    asked.current = q;
    const call = ++latest.current;
    fetch(`${filter.source}?q=${encodeURIComponent(q)}`, { headers: { accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ items: Item[] }>) : { items: [] }))
      .catch(() => ({ items: [] as Item[] }))
      .then(({ items: found }) => {
        // An answer to an older text than the last one asked is dropped.
        if (call !== latest.current) return;
        setItems(found);
        follow(found);
      });
  };

  const shown = filter.chosen?.label ?? (value ? `#${value}` : "");
  return (
    <div className="field list-filter">
      <label htmlFor={id}>{filter.label}</label>
      <input
        ref={field}
        id={id}
        type="search"
        list={`${id}-choices`}
        autoComplete="off"
        placeholder={t("list.lookup_placeholder")}
        defaultValue={shown}
        onFocus={(event) => ask(event.currentTarget.value === shown && value ? "" : event.currentTarget.value)}
        onInput={(event) => {
          const text = event.currentTarget.value;
          follow(items);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => ask(text), PAUSE_MS);
        }}
      />
      <input type="hidden" name={filter.key} value={chosen} />
      <datalist id={`${id}-choices`}>
        {items.map((item) => (
          <option key={item.id} value={item.label} />
        ))}
      </datalist>
    </div>
  );
}
