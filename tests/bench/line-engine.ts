// npm run bench:lines — the line engine totalling a 1,000-line document (issue target: ≤ 5 ms), for
// each tax model and price type: median, p95 and best wall time, and CPU time per document.
// Pure computation in this process: no server, no database.
import { loadavg } from "node:os";
import { computeDocument } from "../../worker/domain/documents/lines/compute-document";
import type { DocumentInput, LineInput, TaxInput } from "../../worker/domain/documents/lines/types";

const LINES = Number(process.env.BENCH_LINES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 5;

const VAT: TaxInput = { id: 1, label: "VAT", rate: "20" };
const REDUCED: TaxInput = { id: 2, label: "Reduced", rate: "5.5" };
const GROUP: TaxInput = {
  id: 10,
  label: "GST + PST",
  taxes: [
    { id: 3, label: "GST", rate: "5" },
    { id: 4, label: "PST", rate: "7" },
  ],
};

/** A mixed order as JSON would bring it (every line its own objects): variants, packs, kits with two components, services. */
function lines(count: number): LineInput[] {
  const result: LineInput[] = [];
  for (let i = 0; result.length < count; i++) {
    const taxes = [[VAT], [REDUCED], [GROUP]][i % 3]!.map((t) => structuredClone(t));
    const common = {
      lid: `l${i}`,
      quantity: String(1 + (i % 12)),
      price: `${(i * 37) % 900}.${String((i * 13) % 10000).padStart(4, "0")}`,
      cost: `${(i * 17) % 400}.25`,
      discount: i % 3 === 0 ? String(i % 25) : undefined,
      discount_type: i % 7 === 0 ? ("amount" as const) : undefined,
      taxes,
      ecotax: i % 5 === 0 ? "0.12" : undefined,
      weight_amount: "0.35",
      weight_unit: "kg" as const,
    };
    const kind = i % 20;
    if (kind === 0 && result.length + 3 <= count) {
      result.push({ ...common, kind: "kit", kit_price_type: "price_level" });
      for (const j of [0, 1])
        result.push({
          lid: `l${i}c${j}`,
          kind: "variant",
          component_of_lid: `l${i}`,
          required_quantity: "2",
          weight_amount: "0.2",
          weight_unit: "lb",
        });
    } else if (kind === 1) result.push({ ...common, kind: "pack", pack_quantity: "6" });
    else if (kind === 2) result.push({ ...common, kind: "service", weight_amount: undefined });
    else result.push({ ...common, kind: "variant" });
  }
  return result;
}

function measure(input: DocumentInput): { median: number; p95: number; best: number; cpu: number } {
  for (let i = 0; i < 30; i++) computeDocument(input); // warm-up: the JIT settles
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    computeDocument(input);
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(RUNS / 2)]!,
    p95: times[Math.floor(RUNS * 0.95)]!,
    best: times[0]!,
    cpu: (cpu.user + cpu.system) / 1000 / RUNS,
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
console.log(`line engine, ${LINES} lines, ${RUNS} runs each; load average ${load()}`);
for (const tax_model of ["global", "us"] as const)
  for (const tax_type of ["tax_exclusive", "tax_inclusive"] as const) {
    const input: DocumentInput = {
      currency: "EUR",
      tax_model,
      tax_type,
      tax_priority: "product",
      global_discount: "2.5",
      shipping_cost: "25",
      shipping_taxes: [VAT],
      lines: lines(LINES),
    };
    const { median, p95, best, cpu } = measure(input);
    const verdict = median <= TARGET_MS ? "within" : "OVER";
    console.log(
      `${`${tax_model} ${tax_type}`.padEnd(22)} median ${median.toFixed(2).padStart(6)} ms  p95 ${p95.toFixed(2).padStart(6)} ms  best ${best.toFixed(2).padStart(6)} ms  cpu ${cpu.toFixed(2).padStart(6)} ms/document  (${verdict} ${TARGET_MS} ms)`,
    );
  }
console.log(`load average at the end ${load()}`);
