/**
 * The e2e server's log: every line its functions wrote (JSON log lines and EMF metric lines), kept
 * under its DATA_DIR as @kesho/operations/ops-events says (global-setup exports DATA_DIR as KESHO_DATA_DIR).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EMAIL_ADDRESS_PATTERN, LOCAL_LOG_FILE, PHONE_NUMBER_PATTERN } from '@kesho/operations/ops-events';

function serverLogFile(dataDir = process.env.KESHO_DATA_DIR): string {
  if (!dataDir) throw new Error('KESHO_DATA_DIR is not set: run the tests through playwright (global-setup starts the server)');
  return path.join(dataDir, LOCAL_LOG_FILE);
}

/** The log's lines so far (none before the first line is written; any other read error fails the test). */
async function serverLogLines(dataDir?: string): Promise<string[]> {
  try {
    return (await readFile(serverLogFile(dataDir), 'utf8')).split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Every line so far, parsed; a line that is not JSON fails the test (the log is JSON lines only). */
export async function readServerLog(dataDir?: string): Promise<Record<string, unknown>[]> {
  return (await serverLogLines(dataDir))
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`The server log holds a line that is not JSON: ${line}`);
      }
    });
}

/** What no log line may hold: what the logger scrubs, so a match is a line that went around it. */
const PERSONAL_DATA_PATTERNS: readonly { readonly what: string; readonly pattern: RegExp }[] = [
  { what: 'an e-mail address', pattern: EMAIL_ADDRESS_PATTERN },
  { what: 'a phone number', pattern: PHONE_NUMBER_PATTERN },
];

/** The lines holding personal data, each with what it holds (empty: none). */
export async function personalDataInServerLog(dataDir?: string): Promise<string[]> {
  return (await serverLogLines(dataDir)).flatMap((line) => PERSONAL_DATA_PATTERNS.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${what} in: ${line}`));
}
