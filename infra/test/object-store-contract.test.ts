/**
 * The S3 and KeyValueStore stand-ins the publisher's tests run on hold to the same contract as the
 * local folder store (@kesho/release-model/object-store-contract, run on it in packages/release-model): the engine's
 * tests in both places rely on one set of store semantics.
 */
import { keyValueStoreContract, objectStoreContract } from '@kesho/release-model/object-store-contract';
import { MemoryKeyValueStore, MemoryStore } from './support/memory-store';

objectStoreContract('the S3 stand-in', async () => new MemoryStore());
keyValueStoreContract('the KeyValueStore stand-in', async () => new MemoryKeyValueStore());
