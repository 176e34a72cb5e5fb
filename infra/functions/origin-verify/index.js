'use strict';
// Lambda entry of the origin-verify authorizer. Plain JavaScript like the release publisher: the
// Secrets Manager client is left external and supplied by the nodejs24.x runtime; the decision is in
// verify.ts (unit-tested).
const { SecretsManagerClient, GetSecretValueCommand } = require('@aws-sdk/client-secrets-manager');
const { cachedSecret, createAuthorizer } = require('./verify');

const secretArn = process.env.ORIGIN_VERIFY_SECRET_ARN;
if (!secretArn) throw new Error('Missing env var ORIGIN_VERIFY_SECRET_ARN');
const client = new SecretsManagerClient({});

const readSecret = cachedSecret(
  async () => {
    const output = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
    if (!output.SecretString) throw new Error('The origin-verify secret has no string value');
    return output.SecretString;
  },
  5 * 60 * 1000,
);

exports.handler = createAuthorizer(readSecret);
