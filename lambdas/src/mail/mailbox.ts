/**
 * Reads the local mailbox (the `.eml` files of the file transport) back: newest first, with the
 * headers a person scans for. Used by `npm run mail` and by the tests.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface MailboxEntry {
  readonly file: string;
  readonly date: Date | null;
  readonly to: string;
  readonly subject: string;
}

export async function listMailbox(directory: string, limit = Number.POSITIVE_INFINITY): Promise<MailboxEntry[]> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // File names start with the ISO time, so a reverse sort is newest first without opening them.
  const latest = names.sort().reverse().slice(0, limit);
  return Promise.all(
    latest.map(async (name) => {
      const file = path.join(directory, name);
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
