import { personalDataInServerLog } from './server-log';
import { startSite } from './site-server';

/**
 * Starts the built site (`npm run build` first) on a free loopback port with a fresh data
 * directory, and stops it after the run. Workers read the address from KESHO_BASE_URL and the data
 * directory (the local mailbox is its mail/ folder) from KESHO_DATA_DIR.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const site = await startSite();
  process.env.KESHO_BASE_URL = site.baseUrl;
  // The local mailbox (DATA_DIR/mail/*.eml) is read by the enquiry and newsletter tests.
  process.env.KESHO_DATA_DIR = site.dataDir;
  return async () => {
    // Every line the server's functions wrote during the whole run: none may hold an e-mail address or a phone number.
    const personal = await personalDataInServerLog(site.dataDir);
    await site.stop();
    if (personal.length > 0) throw new Error(`The server log of the e2e run holds personal data:\n${personal.join('\n')}`);
  };
}
