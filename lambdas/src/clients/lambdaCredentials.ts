/**
 * A deployed function's AWS credentials: the execution role's keys Lambda puts in the environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN). bundling.json aliases the SDK's
 * default chain (@aws-sdk/credential-provider-node) to this module in every handler bundle: in Lambda
 * that chain's first source is this same environment, and its other sources (profiles, SSO, web
 * identity, the container and instance metadata endpoints, with the STS and SSO clients they bring)
 * never apply there, yet they cost each bundle ~140 KB and its cold load ~12 ms (`npm run bench -- lambdas`).
 * Tests and the local runtime import the SDK unbundled, with its whole chain.
 * `defaultProvider` is the one name the SDK's clients import from the package this replaces: a client
 * that imported another would fail the build rather than run without credentials.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** The SDK clients' `credentialDefaultProvider`: the environment, read on each call (Lambda keeps it current). */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]): ReturnType<typeof fromEnv> => fromEnv(init);
