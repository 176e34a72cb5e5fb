import * as config from '../../local-server/src/config.ts';
import { repoRoot } from './repo-root.mjs';

/**
 * A script's local settings, read by the one reader of them (local-server/src/config.ts:
 * readStandaloneConfig, readBenchConfig). A setting that is not valid ends the script with the
 * reader's message, which names the variable and its value.
 */
export async function readLocalSettings(readerName) {
  try {
    return config[readerName](process.env, repoRoot);
  } catch (error) {
    if (error instanceof Error && error.name === 'LocalConfigError') {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
