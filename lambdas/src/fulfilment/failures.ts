/**
 * The fulfilment failure queue: where an asynchronous fulfil-order invocation ends up once Lambda has
 * given up retrying it. In AWS that is the SQS queue of fulfil-order's on-failure destination; locally
 * the local runtime writes the same record as a file under `<dataDir>/fulfilment-failures/`. The
 * reconciliation drains it: each record only names a session, which the confirm routine re-reads.
 */
import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseFulfilmentJob, type FulfilmentJob } from './queue';

export interface FailedFulfilment {
  /** What remove() needs: the SQS receipt handle, or the file name. */
  readonly id: string;
  /** null when the record does not carry a well-formed job (nothing to settle from it). */
  readonly job: FulfilmentJob | null;
}

export interface FulfilmentFailures {
  /** A batch of failed jobs; the same record may come back later if it is not removed. */
  receive(): Promise<readonly FailedFulfilment[]>;
  remove(id: string): Promise<void>;
}

/** At most this many records per reconciliation run: the rest wait for the next run. */
export const FAILURES_PER_RUN = 50;

/** Lambda's on-failure destination record: the original event is `requestPayload`. */
export function jobOfFailureRecord(body: string): FulfilmentJob | null {
  try {
    const record = JSON.parse(body) as unknown;
    if (typeof record !== 'object' || record === null) return null;
    return parseFulfilmentJob((record as { requestPayload?: unknown }).requestPayload);
  } catch {
    return null;
  }
}

export function createSqsFulfilmentFailures(sqs: SQSClient, queueUrl: string): FulfilmentFailures {
  return {
    async receive() {
      const received: FailedFulfilment[] = [];
      while (received.length < FAILURES_PER_RUN) {
        // A received message stays invisible for the visibility timeout, so one run never sees it twice;
        // one that is not deleted (its settlement failed) comes back for a later run.
        const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0, VisibilityTimeout: 300 }));
        for (const message of Messages) {
          if (message.ReceiptHandle) received.push({ id: message.ReceiptHandle, job: jobOfFailureRecord(message.Body ?? '') });
        }
        if (Messages.length === 0) break;
      }
      return received;
    },
    async remove(id) {
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: id }));
    },
  };
}

export interface DirectoryFulfilmentFailures extends FulfilmentFailures {
  /** The local runtime's on-failure destination: writes the record Lambda would send to SQS. */
  record(payload: unknown, error: unknown): Promise<void>;
}

export function createDirectoryFulfilmentFailures(directory: string, clock: () => Date = () => new Date()): DirectoryFulfilmentFailures {
  return {
    async receive() {
      let names: string[];
      try {
        names = (await readdir(directory)).filter((name) => name.endsWith('.json')).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      const received: FailedFulfilment[] = [];
      for (const name of names.slice(0, FAILURES_PER_RUN)) {
        try {
          received.push({ id: name, job: jobOfFailureRecord(await readFile(path.join(directory, name), 'utf8')) });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return received;
    },
    async remove(id) {
      if (path.basename(id) !== id) throw new Error(`Not a failure record name: ${id}`);
      try {
        await unlink(path.join(directory, id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
    async record(payload, error) {
      await mkdir(directory, { recursive: true });
      const now = clock();
      const record = {
        version: '1.0',
        timestamp: now.toISOString(),
        requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 3 },
        requestPayload: payload,
        responsePayload: { errorMessage: error instanceof Error ? error.message : String(error) },
      };
      const name = `${now.getTime()}-${randomUUID()}.json`;
      // Written aside, then renamed: a run never reads half a record.
      const temporary = path.join(directory, `.${name}.tmp`);
      await writeFile(temporary, JSON.stringify(record));
      await rename(temporary, path.join(directory, name));
    },
  };
}
