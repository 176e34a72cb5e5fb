/**
 * The local mailbox of the server under test: the file mail transport writes every message as
 * `<DATA_DIR>/mail/<time>-<id>.eml` (global-setup exports DATA_DIR as KESHO_DATA_DIR). Tests read
 * the messages back the way a mail client would. A spec with a server of its own (a scratch site) names
 * that server's DATA_DIR.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

function mailDirectory(dataDir = process.env.KESHO_DATA_DIR): string {
  if (!dataDir) throw new Error('KESHO_DATA_DIR is not set: run the tests through playwright (global-setup starts the server)');
  return path.join(dataDir, 'mail');
}

export interface StoredMail {
  readonly file: string;
  /** The message exactly as written. */
  readonly raw: string;
}

/**
 * Every message as written, oldest first. No folder yet means no mail; any other error fails the test
 * (an unreadable folder must never read as "no messages").
 */
export async function readRawMailbox(dataDir?: string): Promise<StoredMail[]> {
  const directory = mailDirectory(dataDir);
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(names.map(async (file) => ({ file, raw: await readFile(path.join(directory, file), 'utf8') })));
}

export async function readMailbox(dataDir?: string): Promise<ParsedMail[]> {
  return Promise.all((await readRawMailbox(dataDir)).map(({ raw }) => simpleParser(raw)));
}

export function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => address.address ?? ''));
}

/** Waits for the messages sent to `address` (sending happens inside the request, so this is quick). */
export async function mailsTo(address: string, count = 1): Promise<ParsedMail[]> {
  let found: ParsedMail[] = [];
  await expect
    .poll(async () => {
      found = (await readMailbox()).filter((mail) => recipients(mail).includes(address));
      return found.length;
    })
    .toBe(count);
  return found;
}
