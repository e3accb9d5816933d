// npm test — builds the app, then runs the unit (Node), Worker (workerd) and browser suites,
// and ends with one summary line: "tests: N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const suites = [
  { name: "unit", config: "vitest.config.ts" },
  { name: "worker", config: "vitest.worker.config.ts" },
  { name: "e2e", config: "vitest.e2e.config.ts" },
];
const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
if (build.status !== 0) {
  console.log("\nthe build failed");
  console.log("tests: 0 passed, 1 failed");
  process.exit(1);
}

mkdirSync(".tmp", { recursive: true });
for (const suite of suites.filter((s) => only.length === 0 || only.includes(s.name))) {
  const report = `.tmp/${suite.name}-report.json`;
  rmSync(report, { force: true });
  console.log(`\n=== ${suite.name} tests ===`);
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--config", suite.config, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    { stdio: "inherit" },
  );
  if (!existsSync(report)) {
    console.log(`${suite.name}: the runner produced no report (exit ${run.status})`);
    broken = true;
    continue;
  }
  const result = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
  };
  totals.passed += result.numPassedTests;
  totals.failed += result.numFailedTests;
  totals.skipped += result.numPendingTests + result.numTodoTests;
  if (result.numFailedTestSuites > 0 || run.status !== 0) broken = true;
}

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(broken || totals.failed > 0 || totals.passed === 0 ? 1 : 0);
