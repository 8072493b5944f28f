// `npm test`: the checks, then the unit and server tests, then the browser journeys (issue 24, item 9).
//
// The four quick checks (lint, both type checks, the first-load size check with its `vite build`) run in two lanes
// side by side, one lane a core: each is one busy process, so two at a time take about half the time of four in a row
// on the two cores of CI. The tests come after, one command at a time, since each of them fills both cores on its own
// (docs/BENCHMARKS.md, «The test run»). A lane's output is printed whole when it ends, so the lines do not interleave.
// Any part failing fails the run, with its name; after a failed check the tests do not start.
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  args: string[];
}

const npm = (script: string): Step => ({ name: `npm run ${script}`, args: ['run', '--silent', script] });

/** Each lane's steps run one after another; the lanes run side by side. */
const CHECK_LANES: Step[][] = [
  [npm('lint'), npm('size')],
  [npm('typecheck')],
];
const TEST_STEPS: Step[] = [npm('test:unit'), npm('test:e2e')];

function run(step: Step, buffered: boolean): Promise<{ ok: boolean; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', step.args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const end = (ok: boolean) => resolve({ ok, output, seconds: (performance.now() - started) / 1000 });
    child.on('error', (error) => {
      output += `${error.message}\n`;
      end(false);
    });
    child.on('exit', (code) => end(code === 0));
  });
}

const say = (line: string) => process.stdout.write(`\n> ${line}\n`);

async function runLane(steps: Step[]): Promise<string[]> {
  const failed: string[] = [];
  for (const step of steps) {
    const result = await run(step, true);
    say(`${step.name}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`);
    if (result.output.trim()) process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
    if (!result.ok) {
      failed.push(step.name);
      break;
    }
  }
  return failed;
}

const runStarted = performance.now();
say(`${CHECK_LANES.map((lane) => lane.map((step) => step.name).join(', then ')).join('; beside it: ')}`);
const checkFailures = (await Promise.all(CHECK_LANES.map(runLane))).flat();
const failures = [...checkFailures];
if (failures.length === 0) {
  for (const step of TEST_STEPS) {
    say(step.name);
    const result = await run(step, false);
    say(`${step.name}: ${result.ok ? 'passed' : 'FAILED'} in ${result.seconds.toFixed(0)} s`);
    if (!result.ok) {
      failures.push(step.name);
      break;
    }
  }
}
const total = `${((performance.now() - runStarted) / 1000).toFixed(0)} s`;
if (failures.length > 0) {
  say(`npm test failed (${failures.join(', ')}) after ${total}`);
  process.exit(1);
}
say(`npm test passed in ${total}`);
