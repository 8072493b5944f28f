// Writes one section of docs/BENCHMARKS.md, replacing the section of the same heading.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = 'docs/BENCHMARKS.md';

export function writeBenchmarkSection(heading: string, body: string): void {
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n';
  const marker = `## ${heading}`;
  const section = `${marker}\n\n${body.trim()}\n`;
  const start = current.indexOf(marker);
  let next: string;
  if (start === -1) {
    next = `${current.trimEnd()}\n\n${section}`;
  } else {
    const after = current.indexOf('\n## ', start + marker.length);
    next = current.slice(0, start) + section + (after === -1 ? '' : `\n${current.slice(after + 1)}`);
  }
  writeFileSync(FILE, next.endsWith('\n') ? next : `${next}\n`);
}
