/**
 * `npm run logs`: what the local runtime's functions wrote, read from `<DATA_DIR>/logs/api.jsonl` (the
 * local stand-in for CloudWatch Logs) as a person reads it: the last lines (`--lines N`, default 40), or
 * with `--metrics` every business metric of the last `--minutes N` (default 60) with its sum and last value.
 * DATA_DIR as for `npm start` (default `<repo>/.data`).
 */
import { readFile } from 'node:fs/promises';
import { defaultLocalDataDir, localDataDir } from './config/localTools';
import { formatMetricSeries, isMetricText, metricSeriesOf, readableLineOf } from './local/consoleLine';
import { localLogFileOf } from './local/logFile';

const USAGE = 'Usage: npm run logs [-- --lines N]   or   npm run logs -- --metrics [--minutes N]';

interface LogsRequest {
  readonly metrics: boolean;
  readonly lines: number;
  readonly minutes: number;
}

export function parseLogsArguments(args: readonly string[]): LogsRequest {
  const request = { metrics: false, lines: 40, minutes: 60 };
  for (let index = 0; index < args.length; index += 1) {
    const flag = args[index];
    if (flag === '--metrics') {
      request.metrics = true;
      continue;
    }
    if (flag !== '--lines' && flag !== '--minutes') throw new Error(USAGE);
    const value = Number(args[(index += 1)]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} takes a whole number above 0. ${USAGE}`);
    request[flag === '--lines' ? 'lines' : 'minutes'] = value;
  }
  return request;
}

/** The last log lines, readable, idle reconciliations included (the console leaves those out; a person asking here wants them). */
function readableLines(lines: readonly string[], limit: number): string[] {
  return lines
    .filter((line) => !isMetricText(line))
    .slice(-limit)
    .map(readableLineOf);
}

async function main(): Promise<void> {
  const request = parseLogsArguments(process.argv.slice(2));
  const file = localLogFileOf(localDataDir(process.env, defaultLocalDataDir(__dirname), process.cwd()));
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    console.log(`No local log yet at ${file}: npm start writes it.`);
    return;
  }
  const lines = text.split('\n').filter((line) => line.trim());
  console.log(request.metrics ? formatMetricSeries(metricSeriesOf(lines, new Date(Date.now() - request.minutes * 60_000))) : readableLines(lines, request.lines).join('\n'));
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
