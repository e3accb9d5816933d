import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isDocumentStatus } from "../../worker/domain/documents/statuses";

/**
 * The status graph is the only place a document's status comes from (decision 039): a new document
 * takes `entryStatus`, and a move is written only by the modules that check it against the graph.
 * This scan reads every module of the domain and finds each write of a document's status column:
 * a status key (`status`, `paymentStatus`, `shippingStatus`) in what drizzle writes to a document
 * table (`update(…).set(…)`, `insert(…).values(…)`, also through a variable or a spread of the same
 * module), in the `values` a verb gives `insertSalesDocument`/`rewriteSalesDocument`, and a status
 * column set by raw SQL (`update sales_documents set … status = …`). Each write must either take
 * `entryStatus(…)` or sit in one of MOVE_MODULES, and never write a literal status.
 */

const ROOT = process.cwd();
const DOMAIN = join(ROOT, "worker/domain");

/** The modules that write moves, each taking its target from the graph, and why they may. */
const MOVE_MODULES: Record<string, string> = {
  "worker/domain/documents/claims.ts": "claimMove: a verb's move asserted by assertVerbMove, claimed as read",
  "worker/domain/documents/cascades.ts": "runCascade: a cancel asserted by assertVerbMove for each visited document",
  "worker/domain/sales/sales-document-writes.ts": "moveSalesDocument: a verb's move asserted by assertVerbMove",
  "worker/domain/sales/shipping-writes.ts": "moveShippingOrder (assertVerbMove) and orderShippingStatus (the graph's selfMoves)",
  "worker/domain/payments/settlement.ts":
    "invoiceAfterPayment and orderSettlement: statuses taken from the graph and checked against it at load",
};

const STATUS_KEYS = new Set(["status", "paymentStatus", "shippingStatus"]);
const DOCUMENT_TABLE = /\b(salesDocuments|stockDocuments)$/;
const DOCUMENT_WRITERS = new Set(["insertSalesDocument", "rewriteSalesDocument"]);
const SQL_UPDATE = /\bupdate\s+(sales_documents|stock_documents|\?)(?:\s+as\s+\w+)?\s+set\b([\s\S]*?)(?:\bwhere\b|$)/gi;
const SQL_STATUS_COLUMN = /\b(status|payment_status|shipping_status)\s*=/;

interface StatusWrite {
  file: string;
  line: number;
  key: string;
  /** The value written (the set clause, for raw SQL). */
  value: string;
  how: "drizzle" | "verb values" | "sql";
  /** The value is `entryStatus(…)`: a new document's status, asked of the graph. */
  entry: boolean;
  /** The value names a status in a literal (bypassing the graph). */
  literal: boolean;
}

/** Every write of a document's status column in one module's source. */
function statusWrites(file: string, source: string): StatusWrite[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const writes: StatusWrite[] = [];
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

  // Object literals initialising a variable of this module, by name (for `.set(values)` and `...copied`).
  const declared = new Map<string, ts.Expression>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) declared.set(node.name.text, node.initializer);
    ts.forEachChild(node, collect);
  };
  collect(sf);

  /** The object literals an expression writes: itself, its spreads, a variable's initialiser, a returned literal. */
  const objectsOf = (node: ts.Node | undefined, seen = new Set<ts.Node>()): ts.ObjectLiteralExpression[] => {
    if (!node || seen.has(node)) return [];
    seen.add(node);
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      return objectsOf(node.expression, seen);
    if (ts.isIdentifier(node)) return objectsOf(declared.get(node.text), seen);
    if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => objectsOf(e, seen));
    if (ts.isConditionalExpression(node)) return [...objectsOf(node.whenTrue, seen), ...objectsOf(node.whenFalse, seen)];
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      if (!ts.isBlock(node.body)) return objectsOf(node.body, seen);
      const returned: ts.ObjectLiteralExpression[] = [];
      const visit = (n: ts.Node) => {
        if (ts.isReturnStatement(n)) returned.push(...objectsOf(n.expression, seen));
        else if (!ts.isFunctionLike(n)) ts.forEachChild(n, visit);
      };
      ts.forEachChild(node.body, visit);
      return returned;
    }
    if (ts.isObjectLiteralExpression(node))
      return [node, ...node.properties.flatMap((p) => (ts.isSpreadAssignment(p) ? objectsOf(p.expression, seen) : []))];
    return [];
  };

  const isLiteralStatus = (node: ts.Node): boolean => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isDocumentStatus(node.text)) return true;
    return ts.forEachChild(node, (child) => (isLiteralStatus(child) ? true : undefined)) ?? false;
  };

  const addObjectWrites = (objects: ts.ObjectLiteralExpression[], how: StatusWrite["how"]) => {
    for (const object of objects)
      for (const p of object.properties) {
        const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : null;
        if (name === null || !STATUS_KEYS.has(name)) continue;
        const value = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : null;
        if (!value) continue;
        const entry = ts.isCallExpression(value) && ts.isIdentifier(value.expression) && value.expression.text === "entryStatus";
        writes.push({ file, line: lineOf(p), key: name, value: value.getText(sf), how, entry, literal: isLiteralStatus(value) });
      }
  };

  /** The table a drizzle `.set`/`.values` call writes: the argument of the `update`/`insert` it chains on. */
  const tableOf = (call: ts.CallExpression): string | null => {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee)) return null;
    const receiver = callee.expression;
    if (!ts.isCallExpression(receiver) || !ts.isPropertyAccessExpression(receiver.expression)) return null;
    const method = receiver.expression.name.text;
    if (method !== "update" && method !== "insert") return null;
    return receiver.arguments[0]?.getText(sf) ?? null;
  };

  /** The text of a template, its substitutions as `?`. */
  const templateText = (node: ts.TemplateLiteral): string =>
    ts.isNoSubstitutionTemplateLiteral(node) ? node.text : node.head.text + node.templateSpans.map((s) => `?${s.literal.text}`).join("");

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && (callee.name.text === "set" || callee.name.text === "values")) {
        const table = tableOf(node);
        if (table !== null && DOCUMENT_TABLE.test(table)) addObjectWrites(objectsOf(node.arguments[0]), "drizzle");
      }
      if (ts.isIdentifier(callee) && DOCUMENT_WRITERS.has(callee.text))
        for (const arg of node.arguments)
          if (ts.isObjectLiteralExpression(arg))
            for (const p of arg.properties)
              if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === "values")
                addObjectWrites(objectsOf(p.initializer), "verb values");
    }
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const text = templateText(node);
      for (const match of text.matchAll(SQL_UPDATE)) {
        const setClause = match[2]!;
        const column = SQL_STATUS_COLUMN.exec(setClause);
        if (!column) continue;
        // A quoted status in the set clause is a literal; a substitution is checked where its value is made.
        const literal = [...setClause.matchAll(/'([a-z_]+)'/g)].some((m) => isDocumentStatus(m[1]!));
        writes.push({ file, line: lineOf(node), key: column[1]!, value: setClause.trim(), how: "sql", entry: false, literal });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return writes;
}

/** The writes the graph does not vouch for: a literal status, or a move written outside MOVE_MODULES. */
function strayWrites(writes: readonly StatusWrite[]): string[] {
  return writes
    .filter((w) => w.literal || (!w.entry && !Object.hasOwn(MOVE_MODULES, w.file)))
    .map(
      (w) =>
        `${w.file}:${w.line} ${w.key} ← ${w.value}${w.literal ? " (a literal status)" : " (not entryStatus, outside the move modules)"}`,
    );
}

function domainModules(): string[] {
  return (readdirSync(DOMAIN, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => relative(ROOT, join(DOMAIN, f)).split("\\").join("/"))
    .sort();
}

let scanned: StatusWrite[] | undefined;
/** The writes of the whole domain, read once. */
const allWrites = () => (scanned ??= domainModules().flatMap((file) => statusWrites(file, readFileSync(join(ROOT, file), "utf8"))));

describe("every write of a document's status takes it from the status graph", () => {
  it("the domain writes a status only as an entry of the graph (entryStatus) or in a module that moves as the graph allows", () => {
    expect(strayWrites(allWrites())).toEqual([]);
  });

  it("the scan sees the writes it vouches for: each creation's entry, each move module's moves, the derived SQL", () => {
    const seen = new Set(allWrites().map((w) => `${w.file} ${w.key} ${w.how}${w.entry ? " entry" : ""}`));
    for (const expected of [
      "worker/domain/sales/create-estimate.ts status verb values entry",
      "worker/domain/sales/create-sales-order.ts status verb values entry",
      "worker/domain/sales/create-sales-order.ts paymentStatus verb values entry",
      "worker/domain/sales/create-sales-order.ts shippingStatus verb values entry",
      "worker/domain/sales/transform-estimate.ts status verb values entry",
      "worker/domain/store/place-store-order.ts status verb values entry",
      "worker/domain/sales/create-shipping-order.ts status drizzle entry",
      "worker/domain/documents/claims.ts status drizzle",
      "worker/domain/documents/cascades.ts status drizzle",
      "worker/domain/sales/sales-document-writes.ts status drizzle",
      "worker/domain/sales/shipping-writes.ts status drizzle",
      "worker/domain/sales/shipping-writes.ts shipping_status sql",
    ])
      expect(seen, expected).toContain(expected);
    for (const module of Object.keys(MOVE_MODULES)) expect(domainModules()).toContain(module);
  });

  it("a status written anywhere else, or as a literal, is found", () => {
    const stray = `
      import { sql } from "drizzle-orm";
      export async function sneak(db, id, settings) {
        await db.update(salesDocuments).set({ status: "cancelled" }).where(eq(salesDocuments.id, id));
        await db.update(tenantSchema.salesDocuments).set({ committed: false, shippingStatus: someStatus }).where(eq(x, id));
        const values = { paymentStatus: "paid" };
        await db.update(t.salesDocuments).set(values);
        await db.insert(salesDocuments).values({ type: "sales_order", status: settings.auto ? "pending" : "pending_validation" });
        await insertSalesDocument(ctx, { type: "estimate", values: () => ({ status: STATUS_MACHINES.estimate.initial }) });
        await db.run(sql\`update sales_documents set status = 'delivered', updated_at = 1 where id = \${id}\`);
        await db.run(sql\`update sales_documents set shipping_status = \${to} where id = \${id}\`);
        // Not document writes: another table, a read, a where clause.
        await db.update(operations).set({ status: "cancelled" });
        const view = { status: row.status };
        await db.run(sql\`update sales_documents set updated_at = 2 where id = \${id} and status = \${s}\`);
      }`;
    const found = strayWrites(statusWrites("worker/domain/sales/stray.ts", stray)).map((s) => s.replace(/ ←.*/, ""));
    expect(found).toEqual([
      "worker/domain/sales/stray.ts:4 status",
      "worker/domain/sales/stray.ts:5 shippingStatus",
      "worker/domain/sales/stray.ts:6 paymentStatus",
      "worker/domain/sales/stray.ts:8 status",
      "worker/domain/sales/stray.ts:9 status",
      "worker/domain/sales/stray.ts:10 status",
      "worker/domain/sales/stray.ts:11 shipping_status",
    ]);
    // A move module may write what the graph checked, never a literal.
    const inMoveModule = strayWrites(
      statusWrites(
        "worker/domain/documents/cascades.ts",
        `db.update(salesDocuments).set({ status: to });\ndb.update(salesDocuments).set({ status: "cancelled" });`,
      ),
    );
    expect(inMoveModule).toEqual(['worker/domain/documents/cascades.ts:2 status ← "cancelled" (a literal status)']);
  });
});
