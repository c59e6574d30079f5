// Prints one closing line over every suite's JSON report: "tests: N passed, N failed, N skipped".
import fs from "node:fs";
import path from "node:path";
const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0, failedSuites = 0;
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!file.endsWith(".json")) continue;
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  if (typeof report.numPassedTests === "number") {
    passed += report.numPassedTests; failed += report.numFailedTests; skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A suite whose beforeAll threw (e.g. a service required under CI=true) fails with no test failed.
    failedSuites += report.numFailedTestSuites ?? 0;
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0); failed += report.stats.unexpected; skipped += report.stats.skipped;
  }
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped${failedSuites ? `; ${failedSuites} suites failed` : ""}`);
process.exit(failed || failedSuites ? 1 : 0);
