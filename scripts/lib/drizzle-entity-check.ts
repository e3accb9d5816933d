import type { Plugin } from "vite";
import { dependencyRewrite, withoutSourceMap } from "./dependency-rewrite";

/**
 * drizzle-orm asks `is(value, Class)` for every piece of every statement it builds (is it SQL, a
 * column, a table, a parameter…). Most answers are "no", and each "no" walks the value's whole
 * class chain looking up a symbol at every step: a 10-line sales order spent about 14 % of its
 * Worker CPU there. The same answer, for a given class and kind, never changes; this plugin
 * rewrites drizzle's `is` at build time to remember, per class, the set of kinds along its chain.
 *
 * The rewrite keeps drizzle's own checks in the same order (a falsy or non-object value, then
 * `instanceof`, then the entity-kind guard that throws) and only replaces the walk. It fails the
 * build when drizzle's source no longer has the function it replaces, so an upgrade can never
 * silently drop it (tests/unit/drizzle-entity-check.test.ts compares both versions' answers).
 */
export const DRIZZLE_ENTITY_FILE = /[\\/]drizzle-orm[\\/]entity\.js$/;

const ORIGINAL_WALK = `  let cls = Object.getPrototypeOf(value).constructor;
  if (cls) {
    while (cls) {
      if (entityKind in cls && cls[entityKind] === type[entityKind]) {
        return true;
      }
      cls = Object.getPrototypeOf(cls);
    }
  }
  return false;`;

const KEPT_WALK = `  let cls = Object.getPrototypeOf(value).constructor;
  if (!cls) return false;
  if (typeof cls !== "function") {
    while (cls) {
      if (entityKind in cls && cls[entityKind] === type[entityKind]) return true;
      cls = Object.getPrototypeOf(cls);
    }
    return false;
  }
  let kinds = kindsOfClass.get(cls);
  if (!kinds) {
    kinds = new Set();
    for (let c = cls; c; c = Object.getPrototypeOf(c)) if (entityKind in c) kinds.add(c[entityKind]);
    kindsOfClass.set(cls, kinds);
  }
  return kinds.has(type[entityKind]);`;

/** drizzle's entity.js with `is` answering from the kinds kept per class. */
export function keepEntityKinds(source: string): string {
  if (!source.includes(ORIGINAL_WALK)) throw new Error("drizzle-orm/entity.js changed: its `is` is not the one the build rewrites");
  // Its source map describes the file before the rewrite: the comment pointing at it goes.
  const rewritten = withoutSourceMap(source.replace(ORIGINAL_WALK, KEPT_WALK));
  return `const kindsOfClass = new WeakMap();\n${rewritten}`;
}

export const drizzleEntityCheck = (): Plugin => dependencyRewrite("drizzle-entity-check", DRIZZLE_ENTITY_FILE, keepEntityKinds);
