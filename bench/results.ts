import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const FILE = path.resolve("bench/RESULTS.md");
const TITLE = "# Benchmark results\n\nEach section is rewritten by its own script; see the README for how to run them.\n";

/** Replaces (or appends) the section starting with `heading` ('## …') in bench/RESULTS.md. */
export function writeResultsSection(heading: string, body: string): void {
  const current = existsSync(FILE) ? readFileSync(FILE, "utf8") : TITLE;
  const section = `${heading}\n\n${body.trim()}\n`;
  const start = current.indexOf(`${heading}\n`);
  if (start === -1) {
    writeFileSync(FILE, `${current.replace(/\n*$/, "\n\n")}${section}`);
    return;
  }
  const next = current.indexOf("\n## ", start + heading.length);
  const after = next === -1 ? "" : current.slice(next + 1);
  writeFileSync(FILE, `${current.slice(0, start)}${section}${after ? `\n${after}` : ""}`);
}
