import { Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { AppLink, writtenInFull } from "../app-link";

/**
 * The HTML of plain markup, written as React's server renderer writes it (the same escapes, the
 * same attribute names), or null when the node holds anything else: a component other than
 * `AppLink`, an event handler, a style, a ref, inner HTML. A list page's rows are such markup
 * (text, numbers, a badge, a link): written here, 50 rows of 12 cells cost a small part of what
 * rendering them element by element costs (decision 056). Whatever is not plain goes through React.
 */
export function staticHtml(node: ReactNode): string | null {
  const out: string[] = [];
  return writeHtml(node, out) ? out.join("") : null;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;
/** Text and attribute values as React escapes them. */
export const escapeHtml = (text: string) => (SPECIAL.test(text) ? text.replace(SPECIALS, (c) => ESCAPES[c]!) : text);

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
// Lower-case names, aria-* and data-*; never an event handler (on...).
const PLAIN_NAME = /^(?!on)[a-z][a-z0-9]*$|^(?:aria|data)-[a-z0-9-]+$/;
const RENAMED: Record<string, string> = { className: "class", htmlFor: "for" };

/** Appends the node's HTML to `out`; false (with `out` part written) when it is not plain markup. */
export function writeHtml(node: ReactNode, out: string[]): boolean {
  if (node === null || node === undefined || typeof node === "boolean") return true;
  if (typeof node === "string") {
    out.push(escapeHtml(node));
    return true;
  }
  if (typeof node === "number" || typeof node === "bigint") {
    out.push(String(node));
    return true;
  }
  if (Array.isArray(node)) {
    for (const child of node as ReactNode[]) if (!writeHtml(child, out)) return false;
    return true;
  }
  if (!isValidElement(node)) return false;
  const { type, props } = node as ReactElement<Record<string, unknown>>;
  if (type === Fragment) return writeHtml(props.children as ReactNode, out);
  if (type === AppLink) {
    const { to, children, ...rest } = props;
    if (typeof to !== "string" || !writtenInFull(to)) return false;
    return element("a", { ...rest, href: to, "data-discover": "true" }, children as ReactNode, out);
  }
  if (typeof type !== "string") return false;
  const { children, ...attributes } = props;
  return element(type, attributes, children as ReactNode, out);
}

function element(tag: string, attributes: Record<string, unknown>, children: ReactNode, out: string[]): boolean {
  out.push("<", tag);
  for (const key in attributes) {
    const value = attributes[key];
    if (value === null || value === undefined) continue;
    const name = RENAMED[key] ?? key;
    if (!PLAIN_NAME.test(name)) return false;
    const aria = name.startsWith("aria-") || name.startsWith("data-");
    if (typeof value === "string" || typeof value === "number") out.push(" ", name, '="', escapeHtml(String(value)), '"');
    else if (typeof value === "boolean" && aria) out.push(" ", name, '="', String(value), '"');
    else if (value === true) out.push(" ", name, '=""');
    else if (value !== false) return false;
  }
  if (VOID.has(tag)) {
    out.push("/>");
    return children === undefined || children === null;
  }
  out.push(">");
  if (!writeHtml(children, out)) return false;
  out.push("</", tag, ">");
  return true;
}
