import type { Plugin } from "vite";
import { JSON_ROW_COLUMN } from "../../db/json-rows";
import { dependencyRewrite, withoutSourceMap } from "./dependency-rewrite";

/**
 * The libSQL client makes each row with a `defineProperty` per value and per column name
 * (`rowFromProto`): 5 to 10 % of a request's Worker CPU in workerd (decision 053). This plugin
 * rewrites it at build time in two ways, both tested against the original
 * (tests/unit/libsql-rows.test.ts):
 *
 * - a row's named properties are assigned rather than defined: the same own data properties
 *   (writable, enumerable, configurable, in the same order), except for a name `Object.prototype`
 *   holds (`__proto__` is a setter there), which is still defined;
 * - a row of the one column `JSON_ROW_COLUMN` (a select whose rows are read as JSON, db/json-rows.ts)
 *   is a plain array of its one value: only that reader reads it, by index.
 *
 * The build fails when the client's source no longer holds the function it replaces.
 */
export const HRANA_RESULT_FILE = /[\\/]@libsql[\\/]hrana-client[\\/]lib-esm[\\/]result\.js$/;

const ORIGINAL = `function rowFromProto(colNames, values, intMode) {
    const row = {};
    // make sure that the "length" property is not enumerable
    Object.defineProperty(row, "length", { value: values.length });
    for (let i = 0; i < values.length; ++i) {
        const value = valueFromProto(values[i], intMode);
        Object.defineProperty(row, i, { value });
        const colName = colNames[i];
        if (colName !== undefined && !Object.hasOwn(row, colName)) {
            Object.defineProperty(row, colName, { value, enumerable: true, configurable: true, writable: true });
        }
    }
    return row;
}`;

const HEAD = "function rowFromProto(colNames, values, intMode) {\n";
const DEFINED_NAME = "            Object.defineProperty(row, colName, { value, enumerable: true, configurable: true, writable: true });\n";

/** The original, with the JSON row first and the name assigned unless the prototype holds it. */
const FASTER = ORIGINAL.replace(
  HEAD,
  `${HEAD}    // A row read as JSON (scripts/lib/libsql-rows.ts): its one value, read by index only.
    if (values.length === 1 && colNames[0] === ${JSON.stringify(JSON_ROW_COLUMN)}) return [valueFromProto(values[0], intMode)];\n`,
).replace(
  DEFINED_NAME,
  `            // Assigned: the same own data property as defined, but for a name the prototype holds.
            if (colName in Object.prototype) ${DEFINED_NAME.trim()}
            else row[colName] = value;\n`,
);

/** The client's result.js with its rows made faster. */
export function fasterRows(source: string): string {
  if (source.split(ORIGINAL).length !== 2)
    throw new Error("@libsql/hrana-client/lib-esm/result.js changed: its rowFromProto is not the one the build replaces");
  return withoutSourceMap(source.replace(ORIGINAL, FASTER));
}

export const libsqlRows = (): Plugin => dependencyRewrite("libsql-rows", HRANA_RESULT_FILE, fasterRows);
