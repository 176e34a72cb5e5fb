/**
 * Reads the local mailbox (the `.eml` files of the file transport) back: newest first, with the
 * headers a person scans for. Used by `npm run mail` and by the tests (the one reader of a mailbox folder).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface MailboxEntry {
  readonly file: string;
  readonly date: Date | null;
  readonly to: string;
  readonly subject: string;
}

/**
 * The `.eml` files of a mailbox folder, oldest first (their names start with the ISO time). A folder
 * that does not exist yet is an empty mailbox (nothing was sent); any other error is thrown, so a
 * reader never mistakes an unreadable folder for "no mail".
 */
export async function mailFiles(directory: string): Promise<string[]> {
  try {
    return (await readdir(directory))
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => path.join(directory, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export interface StoredMail {
  readonly file: string;
  /** The message exactly as written. */
  readonly raw: Buffer;
  readonly mail: ParsedMail;
}

/** Every message of a mailbox folder, oldest first, as written and as a mail client reads it. */
export async function readMailbox(directory: string): Promise<StoredMail[]> {
  return Promise.all(
    (await mailFiles(directory)).map(async (file) => {
      const raw = await readFile(file);
      return { file, raw, mail: await simpleParser(raw) };
    }),
  );
}

export async function listMailbox(directory: string, limit = Number.POSITIVE_INFINITY): Promise<MailboxEntry[]> {
  // Newest first without opening them.
  const latest = (await mailFiles(directory)).reverse().slice(0, limit);
  return Promise.all(
    latest.map(async (file) => {
      const parsed = await simpleParser(await readFile(file));
      const to = Array.isArray(parsed.to) ? parsed.to.map((address) => address.text).join(', ') : (parsed.to?.text ?? '');
      return { file, date: parsed.date ?? null, to, subject: parsed.subject ?? '' };
    }),
  );
}

export function formatMailbox(entries: readonly MailboxEntry[], directory: string): string {
  if (entries.length === 0) return `No messages in ${directory} yet.`;
  const lines = entries.map((entry) => [entry.date?.toISOString() ?? '(no date)', entry.to, entry.subject, entry.file].join('  '));
  return [`Latest ${entries.length} message${entries.length === 1 ? '' : 's'} in ${directory} (newest first; open a .eml file in any mail client):`, ...lines].join('\n');
}
