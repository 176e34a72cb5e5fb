/**
 * The embedded default transport: every message becomes a standard `.eml` file under
 * `<DATA_DIR>/mail`, which any mail client opens and `npm run mail` lists. Nothing leaves the
 * machine, so a developer without an SES account still sees exactly what a customer would get.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { composeMail } from './compose';
import { standInEvents, type MailEventEnvelope } from './localEvents';
import type { MailTransport } from './types';

/** Where the local runtime writes its mail: `<DATA_DIR>/mail`. */
export function mailDirectoryOf(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

export interface FileTransportOptions {
  /** The folder the `.eml` files go to (`<DATA_DIR>/mail`). */
  readonly directory: string;
  readonly from: string;
  readonly clock?: () => Date;
  /**
   * Told the events SES would publish for each message sent under an outbox key (localEvents.ts): the
   * local runtime hands them to the mail-events function's code, as EventBridge does in AWS.
   */
  readonly onEvents?: (events: readonly MailEventEnvelope[]) => void;
}

export function createFileTransport({ directory, from, clock = () => new Date(), onEvents }: FileTransportOptions): MailTransport {
  return {
    async send(mail, options = {}) {
      const date = clock();
      const { messageId, raw } = await composeMail(mail, { from, date });
      await mkdir(directory, { recursive: true });
      // Colons are not allowed in Windows file names; the id keeps same-millisecond files apart.
      const stamp = date.toISOString().replace(/:/g, '-');
      const id = messageId.slice(1, messageId.indexOf('@'));
      // 'wx': never overwrite an earlier message.
      await writeFile(path.join(directory, `${stamp}-${id}.eml`), raw, { flag: 'wx' });
      if (onEvents && options.key !== undefined) onEvents(standInEvents({ to: mail.to, messageId, key: options.key, at: date }));
      return { messageId };
    },
  };
}
