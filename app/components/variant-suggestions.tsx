import { useEffect, useRef, useState, type RefObject } from "react";

type Choice = { id: number; sku: string; label: string };

export const VARIANT_CHOICES_PATH = "/products-and-services/variant-choices";

/**
 * The suggestions of the SKU fields of a form: a datalist filled, as a SKU field is typed in, with
 * the variants whose SKU or label starts with the text. Fields name it with `list={id}`; without
 * JavaScript they are plain text fields.
 */
export function VariantSuggestions({ id, formRef }: { id: string; formRef: RefObject<HTMLElement | null> }) {
  const [items, setItems] = useState<Choice[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const root = formRef.current;
    if (!root) return;
    let asked = "";
    const onInput = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.getAttribute("list") !== id) return;
      const text = input.value.trim();
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (text.length < 2 || text === asked) return;
        asked = text;
        fetch(`${VARIANT_CHOICES_PATH}?q=${encodeURIComponent(text)}`, { headers: { accept: "application/json" } })
          .then((r) => (r.ok ? (r.json() as Promise<{ items: Choice[] }>) : { items: [] }))
          .then((body) => setItems(body.items))
          .catch(() => setItems([]));
      }, 150);
    };
    root.addEventListener("input", onInput);
    return () => {
      root.removeEventListener("input", onInput);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [id, formRef]);
  return (
    <datalist id={id}>
      {items.map((v) => (
        <option key={v.id} value={v.sku}>
          {v.label}
        </option>
      ))}
    </datalist>
  );
}
